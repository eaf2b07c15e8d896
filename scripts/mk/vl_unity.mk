# scripts/mk/vl_unity.mk: the C++ Verilator generates for one build compiled as two translation
# units instead of one per file. Read by Verilator's own makefile after its V<top>.mk (the
# Makefile's VL_UNITY puts `-f` this file and the two names below in every build's -MAKEFLAGS).
#
# Verilator 5.006 splits a design into many files (a class per module, a file per 20,000 lines,
# a file per support part), and each one pays for verilated.h and the standard library again
# (about 0.8 s of a clang++ compile). Its own single-file mode
# (VM_PARALLEL_BUILDS=0) compiles the rarely run code at the fast code's level; here the fast
# files (the eval loop) go into V__unity_fast.cpp at OPT_FAST and the slow ones (construction,
# initial values, the symbol table) into V__unity_slow.cpp at OPT_SLOW, as Verilator's rules for
# VM_FAST and VM_SLOW would compile them one by one. The pmu_top lockstep build's generated C++
# takes 5.4 s of CPU this way against 8.0 s file by file.
#
# VM_FAST and VM_SLOW are set on make's command line, so they override verilated.mk's lists;
# the lists of what each one holds come from V<top>_classes.mk as Verilator wrote them.

V__unity_fast.cpp: $(addsuffix .cpp,$(VM_CLASSES_FAST) $(VM_SUPPORT_FAST))
	printf '#include "%s"\n' $^ > $@

V__unity_slow.cpp: $(addsuffix .cpp,$(VM_CLASSES_SLOW) $(VM_SUPPORT_SLOW))
	printf '#include "%s"\n' $^ > $@
