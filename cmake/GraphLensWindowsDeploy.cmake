# Windows: what the programs need beside them, in the build tree and once installed. Windows has no
# RPATH: the loader looks in the executable's own folder first, so the DLLs go there. Included from
# app/CMakeLists.txt once both executables exist. Not yet run on a Windows machine
# (packaging/CHECKLIST.md says what has been).
if(NOT WIN32)
  return()
endif()

if(TARGET graphlens-cli)
  # libtorch's DLLs (torch_cpu, c10, torch_cuda, and the CUDA/cuDNN DLLs the CUDA libtorch zip
  # carries in the same lib/ folder), as PyTorch's C++ docs recommend for MSVC builds. Every program
  # and test lands in ${CMAKE_BINARY_DIR}/bin, so one copy serves them all.
  if(NOT DEFINED TORCH_INSTALL_PREFIX)
    message(FATAL_ERROR "Windows build: TORCH_INSTALL_PREFIX unset (TorchConfig.cmake sets it); "
                        "point Torch_DIR at <libtorch>/share/cmake/Torch")
  endif()
  file(GLOB GRAPHLENS_TORCH_DLLS "${TORCH_INSTALL_PREFIX}/lib/*.dll")
  if(NOT GRAPHLENS_TORCH_DLLS)
    message(FATAL_ERROR "Windows build: no DLLs in ${TORCH_INSTALL_PREFIX}/lib (a libtorch zip has them there)")
  endif()
  add_custom_command(TARGET graphlens-cli POST_BUILD
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different ${GRAPHLENS_TORCH_DLLS} $<TARGET_FILE_DIR:graphlens-cli>
                     COMMENT "Copying libtorch's DLLs beside graphlens-cli.exe")
  install(FILES ${GRAPHLENS_TORCH_DLLS} DESTINATION bin COMPONENT torch)
endif()

if(TARGET graphlens)
  set_target_properties(graphlens PROPERTIES WIN32_EXECUTABLE ON)  # a window, no console beside it
  # windeployqt at install time: Qt's DLLs, the platform, style, image-format and SVG plugins.
  # Qt 6.5 renamed the argument; the Qt online installer gives 6.5 or later, Debian 12 has 6.4.
  if(Qt6_VERSION VERSION_GREATER_EQUAL 6.5)
    qt_generate_deploy_app_script(TARGET graphlens OUTPUT_SCRIPT graphlens_deploy_script NO_UNSUPPORTED_PLATFORM_ERROR)
  else()
    qt_generate_deploy_app_script(TARGET graphlens FILENAME_VARIABLE graphlens_deploy_script NO_UNSUPPORTED_PLATFORM_ERROR)
  endif()
  install(SCRIPT ${graphlens_deploy_script})
endif()
