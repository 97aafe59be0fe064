/* SPDX-License-Identifier: MIT */
/* Deviations (docs/deviations.md): M22 M24. */
/* bento/status.c - names of the status codes, for logs and test output. */
#include <bento/common.h>

const char *bento_status_name(bento_status status)
{
    switch (status) {
    case BENTO_OK: return "BENTO_OK";
    case BENTO_E_ARGUMENT: return "BENTO_E_ARGUMENT";
    case BENTO_E_ALIGN: return "BENTO_E_ALIGN";
    case BENTO_E_SIZE: return "BENTO_E_SIZE";
    case BENTO_E_FULL: return "BENTO_E_FULL";
    case BENTO_E_STALE: return "BENTO_E_STALE";
    case BENTO_E_NOT_FOUND: return "BENTO_E_NOT_FOUND";
    case BENTO_E_EXISTS: return "BENTO_E_EXISTS";
    case BENTO_E_CORRUPT: return "BENTO_E_CORRUPT";
    }
    return "BENTO_E_?";
}
