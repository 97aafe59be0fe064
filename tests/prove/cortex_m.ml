(* SPDX-License-Identifier: MIT *)
(* tests/prove/cortex_m.ml - the machine of the kit's Cortex-M boards for Frama-C, which has
   none of its own (tests/prove/run loads it with -load-script): arm-none-eabi-gcc's ILP32,
   little-endian, char unsigned, 64-bit types aligned on 8 bytes; the rest as Frama-C's
   x86_32, which agrees with it there. tests/prove/run preprocesses for it as for an Armv7E-M
   core. *)
let cortex_m =
  { Machdeps.x86_32 with
    Cil_types.version = "arm-none-eabi-gcc, Cortex-M (tests/prove/cortex_m.ml)";
    compiler = "gcc";
    char_is_unsigned = true;
    alignof_longlong = 8;
    alignof_double = 8;
    sizeof_longdouble = 8;
    alignof_longdouble = 8;
  }

let () = File.new_machdep "cortex_m" cortex_m
