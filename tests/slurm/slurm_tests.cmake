# Fleet sweeps on a real Slurm (label slurm): each test starts a single-node cluster of Debian's
# munge, slurmctld and slurmd in its own scratch folder (slurm-cluster.sh: its own key, socket, ports
# and config; no system service touched), submits through `graphlens-cli sbatch`, and stops it.
# `make test` installs the packages (scripts/bootstrap.sh), so their absence fails; the tests skip
# (77) only when not root, where slurmd cannot start jobs. Both cores each (PROCESSORS 2) and one at
# a time (RESOURCE_LOCK): the array's tasks are the test's parallelism, and their timing is its point.
if(NOT TARGET graphlens-cli)
  return()
endif()
foreach(name array cancel)
  add_test(NAME slurm.fleet_${name}
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/fleet-${name}.sh $<TARGET_FILE:graphlens-cli>
                   ${CMAKE_CURRENT_BINARY_DIR}/slurm-fleet-${name})
  set_tests_properties(slurm.fleet_${name} PROPERTIES LABELS slurm SKIP_RETURN_CODE 77 PROCESSORS 2
                       RESOURCE_LOCK slurm_cluster TIMEOUT 120)
endforeach()
