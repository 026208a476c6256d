# Windows packages: an NSIS installer and a ZIP of the same tree (bin/ holds the programs, Qt's and
# libtorch's DLLs; see GraphLensWindowsDeploy.cmake). Included from packaging/CMakeLists.txt before
# include(CPack). Not yet run on a Windows machine (packaging/CHECKLIST.md).
if(NOT WIN32)
  return()
endif()
set(CPACK_PACKAGE_FILE_NAME "graphlens-${PROJECT_VERSION}-windows-x86_64")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "GraphLens")
set(CPACK_NSIS_PACKAGE_NAME "GraphLens")
set(CPACK_NSIS_DISPLAY_NAME "GraphLens ${PROJECT_VERSION}")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)  # offers to put bin\ on PATH, for graphlens-cli in a terminal
set(CPACK_PACKAGE_EXECUTABLES "graphlens" "GraphLens")  # Start menu shortcut to bin\graphlens.exe
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\graphlens.exe")  # Apps & features shows the program's icon
