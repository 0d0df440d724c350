# SPDX-License-Identifier: GPL-3.0-or-later
cmake_minimum_required(VERSION 3.25)
# Holds the layers of the core as docs/architecture.md draws them:
#  1. every link between core areas in the build is an allowed arrow;
#  2. every `#include "AREA/..."` in core/ is of the area itself or of an
#     area it links directly;
#  3. nothing in app/ includes core/remote (front ends call use cases);
#  4. the graph in docs/architecture.md is the one the build has.
# Inputs: GRAPH (the build's area graph, one "from -> to" per line),
# SOURCE_DIR (the project), and with UPDATE=ON it rewrites the document
# instead of checking it.

# The arrows the design allows (DESIGN.md, "Layers"). An area not listed
# depends on nothing in core.
set(allowed_run remote protocol store inventory analysis result)
set(allowed_analysis store inventory result)
set(allowed_exchange store inventory result)
set(allowed_store inventory config result)
set(allowed_remote protocol config)
set(allowed_protocol result)
set(allowed_app result config inventory protocol store analysis exchange run)

# Front-end files that still reach core/remote themselves instead of
# through a use case of core/run. The list only ever shrinks.
set(APP_REMOTE_EXCEPTIONS
    app/desktop/appcomposition.cpp
    app/desktop/main.cpp
    app/gui/dialogprompter.h
    app/gui/inventorypage.cpp
    app/gui/inventorypage.h
    app/gui/runspage.cpp
    app/cli/cmd_agents.cpp
    app/cli/cmd_discover.cpp
    app/cli/cmd_hosts.cpp
    app/cli/cmd_run.cpp
    app/cli/terminalcredentials.h)

file(STRINGS "${GRAPH}" edges)
set(areas "")
set(bad "")
foreach(e IN LISTS edges)
    if(e MATCHES "^area ([a-z]+)$")
        list(APPEND areas ${CMAKE_MATCH_1})
    elseif(e MATCHES "^app -> ([a-z]+)$")
        if(NOT CMAKE_MATCH_1 IN_LIST allowed_app)
            string(APPEND bad "  a front end links ${CMAKE_MATCH_1}, which the layers do not allow\n")
        endif()
    elseif(e MATCHES "^([a-z]+) -> ([a-z]+)$")
        set(from ${CMAKE_MATCH_1})
        set(to ${CMAKE_MATCH_2})
        list(APPEND deps_${from} ${to})
        if(NOT to IN_LIST allowed_${from})
            string(APPEND bad "  the build links ${from} -> ${to}, which the layers do not allow\n")
        endif()
    endif()
endforeach()
if(NOT areas)
    message(FATAL_ERROR "no areas in ${GRAPH}")
endif()

foreach(area IN LISTS areas)
    file(GLOB files "${SOURCE_DIR}/core/${area}/*.h" "${SOURCE_DIR}/core/${area}/*.cpp")
    foreach(f IN LISTS files)
        file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[a-z]+/")
        foreach(l IN LISTS lines)
            if(l MATCHES "\"([a-z]+)/" AND NOT CMAKE_MATCH_1 STREQUAL area)
                set(to ${CMAKE_MATCH_1})
                if(NOT to IN_LIST deps_${area})
                    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
                    string(APPEND bad "  ${rel} includes ${to}/, but ${area} does not link ${to}\n")
                endif()
            endif()
        endforeach()
    endforeach()
endforeach()

file(GLOB_RECURSE app_files "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(f IN LISTS app_files)
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"remote/")
    if(lines)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
        if(NOT rel IN_LIST APP_REMOTE_EXCEPTIONS)
            string(APPEND bad "  ${rel} includes core/remote; front ends call the use cases in core/run\n")
        endif()
    endif()
endforeach()

# The document's graph, in the order the areas were added.
set(block "```mermaid\nflowchart TD\n    app[app: wirebench, wirebench-cli]\n")
foreach(area IN LISTS areas)
    string(APPEND block "    ${area}\n")
endforeach()
set(app_deps "")
foreach(e IN LISTS edges)
    if(e MATCHES "^app -> ([a-z]+)$")
        list(APPEND app_deps ${CMAKE_MATCH_1})
    endif()
endforeach()
foreach(to IN LISTS app_deps)
    string(APPEND block "    app --> ${to}\n")
endforeach()
foreach(area IN LISTS areas)
    foreach(to IN LISTS deps_${area})
        string(APPEND block "    ${area} --> ${to}\n")
    endforeach()
endforeach()
string(APPEND block "```\n")

set(doc "${SOURCE_DIR}/docs/architecture.md")
set(begin_mark "<!-- graph: generated from the build by `cmake --build build --target architecture_doc` -->\n")
set(end_mark "<!-- end of graph -->\n")
file(READ "${doc}" text)
string(FIND "${text}" "${begin_mark}" b)
string(FIND "${text}" "${end_mark}" e)
if(b LESS 0 OR e LESS b)
    message(FATAL_ERROR "${doc} has no generated graph section")
endif()
string(LENGTH "${begin_mark}" bl)
math(EXPR start "${b} + ${bl}")
math(EXPR len "${e} - ${start}")
string(SUBSTRING "${text}" ${start} ${len} current)
if(UPDATE)
    string(SUBSTRING "${text}" 0 ${start} head)
    string(SUBSTRING "${text}" ${e} -1 tail)
    file(WRITE "${doc}" "${head}${block}${tail}")
    message(STATUS "wrote the graph into ${doc}")
    return()
endif()
if(NOT current STREQUAL block)
    string(APPEND bad "  docs/architecture.md does not show the build's graph; run `cmake --build build --target architecture_doc`\n")
endif()
if(bad)
    message(FATAL_ERROR "the layers do not hold:\n${bad}")
endif()
message(STATUS "layers hold: ${areas}")
