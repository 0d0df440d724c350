# SPDX-License-Identifier: GPL-3.0-or-later
# The agent for the lab hosts' other architectures. Each architecture in
# WIREBENCH_CROSS_AGENTS whose Debian cross compiler is installed gets the
# agent alone built again with cmake/toolchain-<arch>-linux-gnu.cmake, as an
# external project (cmake/agent-cross), into bin/agents/<arch>/wirebench-agent
# beside the native agent: where the deployer looks for it (agentlocator.h),
# and what the package installs under libexec/wirebench/agents/<arch>/.
# A missing cross compiler is a warning, not an error: that build then deploys
# to hosts of its own architecture only.
#
# Sets the global properties WB_CROSS_AGENTS (the architectures built),
# WB_CROSS_AGENT_<arch> (the program's path) and WB_CROSS_STRIP_<arch> (the
# strip that reads it: the host's cannot); the target of each is
# wirebench-agent-<arch>.
include(ExternalProject)

set(WIREBENCH_CROSS_AGENTS "aarch64" CACHE STRING
    "Architectures (uname -m names) to build the agent for besides this one; empty for none")

# What each architecture needs from Debian 12.
set(wb_cross_package_aarch64 "crossbuild-essential-arm64")

set_property(GLOBAL PROPERTY WB_CROSS_AGENTS "")
foreach(arch IN LISTS WIREBENCH_CROSS_AGENTS)
    if(arch STREQUAL CMAKE_SYSTEM_PROCESSOR)
        continue()
    endif()
    set(triple ${arch}-linux-gnu)
    set(toolchain ${CMAKE_CURRENT_LIST_DIR}/toolchain-${triple}.cmake)
    if(NOT EXISTS ${toolchain})
        message(FATAL_ERROR "WIREBENCH_CROSS_AGENTS names '${arch}', but there is no ${toolchain}")
    endif()
    find_program(WB_CROSS_CXX_${arch} ${triple}-g++)
    if(NOT WB_CROSS_CXX_${arch})
        set(pkg "${wb_cross_package_${arch}}")
        if(NOT pkg)
            set(pkg "g++-${triple}")
        endif()
        message(WARNING "No ${triple}-g++: the ${arch} agent is not built, so this build cannot deploy to "
            "${arch} lab hosts. Install ${pkg} (packaging/install-deps.sh does) and configure again, or "
            "configure with -DWIREBENCH_CROSS_AGENTS= to build the agent for this machine only.")
        continue()
    endif()
    find_program(WB_CROSS_STRIP_${arch} ${triple}-strip)
    if(NOT WB_CROSS_STRIP_${arch})
        message(FATAL_ERROR "${WB_CROSS_CXX_${arch}} is installed but ${triple}-strip is not")
    endif()
    set(out_dir ${CMAKE_BINARY_DIR}/bin/agents/${arch})
    ExternalProject_Add(wirebench-agent-${arch}
        SOURCE_DIR ${PROJECT_SOURCE_DIR}/cmake/agent-cross
        BINARY_DIR ${CMAKE_BINARY_DIR}/agent-${arch}
        PREFIX ${CMAKE_BINARY_DIR}/agent-${arch}/ep
        CMAKE_ARGS
            -DCMAKE_TOOLCHAIN_FILE=${toolchain}
            -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
            -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
            -DWB_SOURCE_DIR=${PROJECT_SOURCE_DIR}
            -DWB_VERSION=${PROJECT_VERSION}
            -DWB_AGENT_OUTPUT_DIR=${out_dir}
            -DWIREBENCH_STATIC_AGENT=${WIREBENCH_STATIC_AGENT}
            -DWIREBENCH_WERROR=${WIREBENCH_WERROR}
        BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target wirebench-agent
        INSTALL_COMMAND ""
        # The agent's sources are not known to this step: let the inner build
        # decide what is out of date (a no-op costs a fraction of a second).
        BUILD_ALWAYS ON
        BUILD_BYPRODUCTS ${out_dir}/wirebench-agent)
    set_property(GLOBAL APPEND PROPERTY WB_CROSS_AGENTS ${arch})
    set_property(GLOBAL PROPERTY WB_CROSS_AGENT_${arch} ${out_dir}/wirebench-agent)
    set_property(GLOBAL PROPERTY WB_CROSS_STRIP_${arch} ${WB_CROSS_STRIP_${arch}})
    message(STATUS "Cross agent: ${arch} with ${WB_CROSS_CXX_${arch}}")
endforeach()
