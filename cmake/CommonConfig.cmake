# SPDX-License-Identifier: GPL-3.0-or-later
# Every project-wide compile rule lives on this one INTERFACE target.
add_library(wirebench_common INTERFACE)
target_compile_features(wirebench_common INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)
target_compile_options(wirebench_common INTERFACE
    -Wall -Wextra -Wpedantic -Wnon-virtual-dtor $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
    $<$<BOOL:${WIREBENCH_WERROR}>:-Werror>)
target_compile_definitions(wirebench_common INTERFACE
    WIREBENCH_VERSION="${PROJECT_VERSION}"
    QT_NO_CAST_FROM_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_FOREACH
    QT_NO_URL_CAST_FROM_STRING)

# The agent gets the same warnings but no Qt defines: it must build where Qt is absent.
add_library(wirebench_agent_common INTERFACE)
target_compile_features(wirebench_agent_common INTERFACE cxx_std_20)
target_compile_options(wirebench_agent_common INTERFACE
    -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
    $<$<BOOL:${WIREBENCH_WERROR}>:-Werror>)
target_compile_definitions(wirebench_agent_common INTERFACE
    WIREBENCH_VERSION="${PROJECT_VERSION}")

if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()
