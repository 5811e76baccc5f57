__global__ void k(unsigned* g, unsigned* p){ unsigned r; asm volatile("multimem.ld_reduce.relaxed.sys.global.add.e4m3x4 %0, [%1];" : "=r"(r) : "l"(g) : "memory"); p[0]=r; }
