/*
 * A stand-in for bcryptprimitives.dll, for wine 8.0 only (Debian 12's wine).
 *
 * Programs built with Rust 1.78 or later get their random numbers from
 * ProcessPrng in bcryptprimitives.dll, which Windows 10 and later export and
 * this wine does not (rust-lang/rust#121337, #128066): without it the
 * program does not even start. This DLL exports ProcessPrng on top of
 * RtlGenRandom (SystemFunction036 in advapi32), which wine has. CI builds it
 * with mingw-w64 and puts it in the wine prefix; the installers never ship
 * it, since every Windows the program supports has the real one.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
