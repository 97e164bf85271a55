// The MPI world a process belongs to, for the optional MPI build (-DMANCALA_MPI=ON).
//
// Under `mpirun -n N mancala <command> ...` every rank runs the same command with the same
// arguments (SPMD): every rank loads the same rulesets and reaches the same batches in the same
// order. Each batch (sim::play_games in simulator/batch.h) is one collective step: rank 0 hands
// out blocks of games on demand, every rank plays them with the deterministic streams (game g
// always plays with (seed, g)), rank 0 merges the block tallies in block order and sends the
// result to every rank, so every rank goes on with the same figures. Only rank 0 writes: its
// output is the output of the job, byte for byte that of a one-process run; the other ranks'
// stdout and stderr go to /dev/null and they neither store runs nor write files (writer()).
//
// Without MPI (the default build, or the MPI build run without mpirun) there is one rank, rank 0,
// and everything here is a no-op.
#pragma once

#ifdef MANCALA_MPI
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#endif

#include <string>
#include <vector>

namespace mancala::world {

namespace detail {
inline int rank = 0;
inline int size = 1;
}  // namespace detail

namespace detail {
inline int local_scopes = 0;  // LocalBatches alive on this process
}  // namespace detail

inline int rank() { return detail::rank; }  // 0 without MPI
inline int size() { return detail::size; }  // 1 without MPI
// More than one rank, and no LocalBatches alive: batches are played across the ranks.
inline bool distributed() { return size() > 1 && detail::local_scopes == 0; }

// While one is alive, this rank plays its batches alone (no collective step): for a caller
// that hands whole batches to the ranks itself (reconstruct's candidates) and gathers them.
class LocalBatches {
 public:
  LocalBatches() { ++detail::local_scopes; }
  ~LocalBatches() { --detail::local_scopes; }
  LocalBatches(const LocalBatches&) = delete;
  LocalBatches& operator=(const LocalBatches&) = delete;
};
// This process writes output, files and stored runs (rank 0).
inline bool writer() { return rank() == 0; }

#ifdef MANCALA_MPI
// Joins the MPI world (funneled: only the thread that called play_games talks to MPI; worker
// threads only play) and, on ranks other than 0, sends stdout and stderr to /dev/null (unless
// MANCALA_MPI_WORKER_OUTPUT=1, for debugging).
inline void init(int* argc, char*** argv) {
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &detail::rank);
  MPI_Comm_size(MPI_COMM_WORLD, &detail::size);
  const char* keep = std::getenv("MANCALA_MPI_WORKER_OUTPUT");
  if (detail::rank != 0 && !(keep && std::strcmp(keep, "1") == 0)) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
      close(null);
    }
  }
}
inline void finalize() { MPI_Finalize(); }
// Every rank's bytes, in rank order, on every rank (a collective step: every rank calls it).
inline std::vector<std::string> all_gather(const std::string& mine) {
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<size_t>(detail::size));
  MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size());
  int total = 0;
  for (size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = total;
    total += lengths[r];
  }
  std::string all(static_cast<size_t>(total), '\0');
  MPI_Allgatherv(mine.data(), length, MPI_BYTE, all.data(), lengths.data(), offsets.data(),
                 MPI_BYTE, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (size_t r = 0; r < lengths.size(); ++r)
    out.push_back(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(lengths[r])));
  return out;
}
#else
inline std::vector<std::string> all_gather(const std::string& mine) { return {mine}; }
inline void init(int*, char***) {}
inline void finalize() {}
#endif

}  // namespace mancala::world
