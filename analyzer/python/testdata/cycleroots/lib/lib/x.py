import kern.ops
