# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzing the controller's parsers: agent lines (AgentMessage and the result
# record), Plan::load, Inventory::fromJson, a baseline file, StoreArchive
# import and DatabaseUrl. See docs/fuzzing.md, "Controller parsers".
#
# With WIREBENCH_FUZZ=ON and clang: one libFuzzer target per parser, linked
# to the core built with coverage, ASan and UBSan. Without it: CTests (label
# fuzz) that configure such a build in build/fuzz-controller with clang and
# run every target for a few seconds over the fixtures.
set(wb_fuzz_controller agentline plan inventory baselineset storearchive databaseurl)

if(WIREBENCH_FUZZ)
    if(WIREBENCH_BUILD_CONTROLLER)
        # Every core library links wirebench_common, so instrumenting it
        # instruments the whole core (whatever libraries it is split into):
        # libFuzzer needs the coverage of the code under test, not of the target.
        target_compile_options(wirebench_common INTERFACE
            -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
        target_link_options(wirebench_common INTERFACE -fsanitize=address,undefined)
        add_custom_target(fuzz_controller_all)
        foreach(target IN LISTS wb_fuzz_controller)
            add_executable(fuzz_${target} ${CMAKE_CURRENT_LIST_DIR}/fuzz_${target}.cpp
                                          ${CMAKE_CURRENT_LIST_DIR}/fuzz_controller.h)
            target_link_libraries(fuzz_${target} PRIVATE wirebench_core)
            target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
            set_target_properties(fuzz_${target} PROPERTIES
                AUTOMOC OFF RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
            add_dependencies(fuzz_controller_all fuzz_${target})
        endforeach()
    endif()
elseif(BUILD_TESTING AND WIREBENCH_BUILD_CONTROLLER)
    find_program(WB_CLANGXX clang++)
    if(WB_CLANGXX)
        add_test(NAME fuzz_controller_build
            COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_controller_fuzz.sh build
                    ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz-controller)
        set_tests_properties(fuzz_controller_build PROPERTIES
            LABELS fuzz TIMEOUT 1800 FIXTURES_SETUP fuzz_controller RESOURCE_LOCK cpu)
        add_test(NAME fuzz_controller_smoke
            COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_controller_fuzz.sh run
                    ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz-controller)
        set_tests_properties(fuzz_controller_smoke PROPERTIES
            LABELS fuzz TIMEOUT 180 FIXTURES_REQUIRED fuzz_controller RESOURCE_LOCK cpu)
    endif()
endif()
