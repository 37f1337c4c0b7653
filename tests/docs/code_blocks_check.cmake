# cmake -P script for docs_code_blocks (docs.cmake): every ```c and
# ```fortran block of README.md and docs/api.md compiles against the
# installed interface (bcredist.h, the bcredist module), as a reader would
# paste it.
#
# A C block of declarations only (no '=' outside an enum's braces, first
# line a type) is compiled at file scope after bcredist.h, so a prototype
# that differs from the header's is an error; its generic names (bcr_p?,
# element type T) are read as the doubles' and the double complex ones',
# lines with "..." (prose) are left out, and an enum or struct the header
# defines is compiled under a _doc name with its values or size asserted
# equal to the header's.  Any other C block is a fragment: its #include
# lines go first, the rest into a function whose parameters are the names
# the documents use for their arguments (m, n, a, desca, ictxt, ...);
# nothing else is included for it, so a fragment that calls fprintf
# without <stdio.h> fails.  A Fortran block is a fragment too, inside a
# BLOCK of a subroutine that uses mpi and bcredist and declares those
# names.
#
# Variables: SOURCE_DIR (the repository), WORK (a scratch folder),
# C_COMPILER, INCLUDE (bcredist.h's folder and MPI's, separated by '|'),
# Fortran_COMPILER and MODULE_DIR (bcredist.mod's folder and MPI's
# modules', separated by '|'; Fortran_COMPILER empty: no Fortran blocks
# are compiled).
foreach(v SOURCE_DIR WORK C_COMPILER INCLUDE)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "code_blocks_check.cmake: ${v} is not set")
  endif()
endforeach()
string(REPLACE "|" ";" include_dirs "${INCLUDE}")
list(TRANSFORM include_dirs PREPEND "-I")
string(REPLACE "|" ";" module_dirs "${MODULE_DIR}")
list(TRANSFORM module_dirs PREPEND "-I")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

set(c_flags -std=c11 -fsyntax-only -Wall -Werror=implicit-function-declaration
  -Werror=incompatible-pointer-types -Werror=int-conversion -Wno-unused-variable
  -Wno-unused-but-set-variable)

# The fragments' free names, as the documents use them.
set(c_params "bcr_int M, bcr_int N, bcr_int m, bcr_int n, bcr_int ia, bcr_int ja, \
bcr_int ib, bcr_int jb, bcr_int ic, bcr_int jc, const bcr_int *desca, const bcr_int *descb, \
const bcr_int *descc, bcr_int ictxt, void *a, void *b, void *c, double _Complex alpha, \
double _Complex beta, bcr_int lld, int nsteps, int nchunks, bcr_plan_t p, int flag, \
int *perm, long long before, long long after")
set(f_declarations "
  integer(bcr_int) :: m, n, ia, ja, ib, jb, ictxt, desca(9), descb(9), lld, nrb, ncb
  integer(bcr_int) :: nprow, npcol, np, row_sizes(4), row_procs(4), col_sizes(4), col_procs(4)
  integer(c_int) :: grid_ranks(4), ranks(4), code, flag
  double precision :: a(4, 4), b(4, 4)
  complex(c_double_complex) :: za(4, 4), zb(4, 4)
  character(len=256) :: message")

set(failed "")
set(nblocks 0)

# compile(name language source): compiles WORK/name; a failure is listed
# with the compiler's message.
function(compile name language source)
  if(language STREQUAL "c")
    set(file "${WORK}/${name}.c")
    file(WRITE "${file}" "${source}")
    execute_process(COMMAND ${C_COMPILER} ${c_flags} ${include_dirs} "${file}"
      RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    set(file "${WORK}/${name}.f90")
    file(WRITE "${file}" "${source}")
    execute_process(COMMAND ${Fortran_COMPILER} -fsyntax-only -std=f2018 ${module_dirs}
      "${file}" WORKING_DIRECTORY "${WORK}"
      RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  if(NOT rv EQUAL 0)
    set(failed "${failed}\n--- ${name} (${file}):\n${source}\n${out}${err}" PARENT_SCOPE)
  else()
    message(STATUS "${name}: compiles")
  endif()
endfunction()

# C declarations at file scope, with an enum or struct the header defines
# renamed and compared.
function(c_declarations name text)
  set(body "${text}")
  set(asserts "")
  string(REGEX MATCHALL "enum [a-z_]+ {[^}]*}" enums "${body}")
  foreach(en IN LISTS enums)
    string(REGEX MATCH "enum ([a-z_]+)" _ "${en}")
    set(tag "${CMAKE_MATCH_1}")
    string(REGEX MATCHALL "[A-Z_]+ = [0-9]+" items "${en}")
    set(renamed "${en}")
    string(REPLACE "enum ${tag} {" "enum ${tag}_doc {" renamed "${renamed}")
    foreach(item IN LISTS items)
      string(REGEX MATCH "^([A-Z_]+) = " _ "${item}")
      set(id "${CMAKE_MATCH_1}")
      string(REGEX REPLACE "([^A-Z_])${id} = " "\\1${id}_doc = " renamed " ${renamed}")
      string(APPEND asserts "_Static_assert(${id} == ${id}_doc, \"${id}\");\n")
    endforeach()
    string(REPLACE "${en}" "${renamed}" body "${body}")
  endforeach()
  string(REGEX MATCHALL "typedef struct {[^}]*} [a-z_]+<sc>" structs "${body}")
  foreach(st IN LISTS structs)
    string(REGEX MATCH "} ([a-z_]+)<sc>$" _ "${st}")
    set(tn "${CMAKE_MATCH_1}")
    string(REGEX REPLACE "} ${tn}<sc>$" "} ${tn}_doc<sc>" renamed "${st}")
    string(REPLACE "${st}" "${renamed}" body "${body}")
    string(APPEND asserts
      "_Static_assert(sizeof(${tn}) == sizeof(${tn}_doc), \"${tn}\");\n")
  endforeach()
  string(REPLACE "<sc>" ";" body "${body}")
  compile(${name} c "#include <mpi.h>\n#include <bcredist.h>\n${body}\n${asserts}")
  set(failed "${failed}" PARENT_SCOPE)
endfunction()

foreach(doc README.md docs/api.md)
  file(READ "${SOURCE_DIR}/${doc}" text)
  # Lines as list elements: ';', '[' and ']' stand in for themselves.
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(lang "")
  set(block "")
  set(lineno 0)
  string(REGEX REPLACE "[^A-Za-z]" "_" tag "${doc}")
  foreach(line IN LISTS lines)
    math(EXPR lineno "${lineno} + 1")
    if(lang STREQUAL "" AND line MATCHES "^```(c|fortran)$")
      set(lang "${CMAKE_MATCH_1}")
      set(start ${lineno})
      set(block "")
      continue()
    endif()
    if(lang STREQUAL "")
      continue()
    endif()
    if(NOT line STREQUAL "```")
      string(APPEND block "${line}\n")
      continue()
    endif()
    # A block ends: put ';', '[' and ']' back where the compiler sees them.
    math(EXPR nblocks "${nblocks} + 1")
    set(name "${tag}_${start}")
    string(REPLACE "<lb>" "[" block "${block}")
    string(REPLACE "<rb>" "]" block "${block}")
    if(lang STREQUAL "c")
      string(REGEX REPLACE "/\\*[^*]*\\*/" "" code "${block}")
      string(STRIP "${code}" code)
      string(REGEX REPLACE "enum [a-z_]+ {[^}]*}" "" outside "${code}")
      if(NOT outside MATCHES "=" AND
         code MATCHES "^(void|int|size_t|typedef|enum|bcr_plan_t bcr_|bcr_layout_t bcr_)")
        # Generic names as doubles and as double complex; prose left out.
        string(REPLACE "<sc>" ";" plain "${block}")
        string(REPLACE "\n" "<nl>" plain "${plain}")
        string(REGEX REPLACE "<nl>[^<]*\\.\\.\\.[^<]*" "" plain "<nl>${plain}")
        string(REPLACE "<nl>" "\n" plain "${plain}")
        string(REPLACE ";" "<sc>" plain "${plain}")
        if(plain MATCHES "bcr_p\\?")
          set(expanded "")
          foreach(pair "d:double" "z:double _Complex")
            string(REPLACE ":" ";" pair "${pair}")
            list(GET pair 0 ch)
            list(GET pair 1 ty)
            string(REPLACE "bcr_p?" "bcr_p${ch}" one "${plain}")
            string(REGEX REPLACE "([^A-Za-z_])T([^A-Za-z_])" "\\1${ty}\\2" one "${one}")
            string(APPEND expanded "${one}")
          endforeach()
          set(plain "${expanded}")
        endif()
        c_declarations(${name} "${plain}")
      else()
        string(REPLACE "<sc>" ";" code "${block}")
        string(REGEX MATCHALL "#include <[^>]+>" includes "${code}")
        string(REGEX REPLACE "#include <[^>]+>\n?" "" code "${code}")
        string(REPLACE ";" "\n" includes "${includes}")
        compile(${name} c "${includes}\n#include <mpi.h>\n#include <bcredist.h>\n\
static void compute(int k) { (void)k; }\n\
void doc_fragment(${c_params});\n\
void doc_fragment(${c_params})\n{\n    {\n${code}\n    }\n}\n")
      endif()
    elseif(DEFINED Fortran_COMPILER AND NOT Fortran_COMPILER STREQUAL "")
      string(REPLACE "<sc>" ";" code "${block}")
      compile(${name} fortran "subroutine doc_fragment()
  use mpi
  use bcredist
  use iso_c_binding
  implicit none${f_declarations}
  block
${code}
  end block
end subroutine doc_fragment
")
    endif()
    set(lang "")
  endforeach()
endforeach()

if(failed)
  message(FATAL_ERROR "code blocks that do not compile:${failed}")
endif()
# The documents hold more than a dozen; fewer means the blocks were not found.
if(nblocks LESS 12)
  message(FATAL_ERROR "only ${nblocks} C and Fortran blocks found in README.md and docs/api.md")
endif()
message(STATUS "${nblocks} blocks compile")
