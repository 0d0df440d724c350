# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzing the importers (core/exchange). See docs/fuzzing.md.
#
# With WIREBENCH_FUZZ=ON and clang: one libFuzzer target per parser, built
# from the exchange sources alone (Qt Core + zlib) so the fuzz build stays
# small. Without it: a CTest (label fuzz) that configures such a build in
# build/fuzz-exchange with clang and runs every target for a few seconds
# over the fixtures.
set(wb_fuzz_parsers netperf iperf3 iperf2 flent sockperf pktgen csv mixed)

if(WIREBENCH_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "WIREBENCH_FUZZ needs clang (libFuzzer); configure with CXX=clang++")
    endif()
    if(WIREBENCH_BUILD_CONTROLLER)
        find_package(ZLIB REQUIRED)
        set(wb_fuzz_flags -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
        add_library(wb_fuzz_exchange STATIC
            ${PROJECT_SOURCE_DIR}/core/result/resultrecord.cpp
            ${PROJECT_SOURCE_DIR}/core/result/metriccatalog.cpp
            ${PROJECT_SOURCE_DIR}/core/result/condition.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/importcollector.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/importtext.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/importer.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/netperfparser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/iperf3parser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/iperf2parser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/iperftransfer.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/sockperfparser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/pktgenparser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/csvresultparser.cpp
            ${PROJECT_SOURCE_DIR}/core/exchange/flentparser.cpp)
        target_include_directories(wb_fuzz_exchange PUBLIC ${PROJECT_SOURCE_DIR}/core)
        target_link_libraries(wb_fuzz_exchange PUBLIC wirebench_common Qt6::Core ZLIB::ZLIB)
        target_compile_options(wb_fuzz_exchange PUBLIC ${wb_fuzz_flags})
        target_link_options(wb_fuzz_exchange PUBLIC -fsanitize=address,undefined)
        set_target_properties(wb_fuzz_exchange PROPERTIES AUTOMOC OFF)
        foreach(parser IN LISTS wb_fuzz_parsers)
            add_executable(fuzz_import_${parser} ${CMAKE_CURRENT_LIST_DIR}/fuzz_import_${parser}.cpp)
            target_link_libraries(fuzz_import_${parser} PRIVATE wb_fuzz_exchange)
            target_link_options(fuzz_import_${parser} PRIVATE -fsanitize=fuzzer)
            set_target_properties(fuzz_import_${parser} PROPERTIES
                AUTOMOC OFF RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
        endforeach()
        add_custom_target(fuzz_import_all)
        foreach(parser IN LISTS wb_fuzz_parsers)
            add_dependencies(fuzz_import_all fuzz_import_${parser})
        endforeach()
    endif()
elseif(BUILD_TESTING AND WIREBENCH_BUILD_CONTROLLER)
    find_program(WB_CLANGXX clang++)
    if(WB_CLANGXX)
        add_test(NAME fuzz_exchange_build
            COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_exchange_fuzz.sh build
                    ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz-exchange)
        set_tests_properties(fuzz_exchange_build PROPERTIES
            LABELS fuzz TIMEOUT 900 FIXTURES_SETUP fuzz_exchange RESOURCE_LOCK cpu)
        add_test(NAME fuzz_exchange_smoke
            COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_exchange_fuzz.sh run
                    ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz-exchange)
        set_tests_properties(fuzz_exchange_smoke PROPERTIES
            LABELS fuzz TIMEOUT 120 FIXTURES_REQUIRED fuzz_exchange RESOURCE_LOCK cpu)
    endif()
endif()
