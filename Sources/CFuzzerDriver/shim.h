// libFuzzer's entry for programs that keep their own main (compiler-rt's FuzzerInterface.h).
// Only declared here: the definition comes from libclang_rt.fuzzer, linked by
// `-sanitize=fuzzer`, so only the FUZZING build of scenec-fuzz may call it.
#ifndef CFUZZERDRIVER_SHIM_H
#define CFUZZERDRIVER_SHIM_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
