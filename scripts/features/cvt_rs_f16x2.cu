__global__ void k(unsigned int* p, float a, float b, unsigned int r){ unsigned int o; asm volatile("cvt.rs.satfinite.f16x2.f32 %0, %1, %2, %3;" : "=r"(o) : "f"(a), "f"(b), "r"(r)); p[0]=o; }
