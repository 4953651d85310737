import { defineConfig } from 'vitest/config';

// Vitest runs one test file at a time on a 2-core machine (its default is the cores less one),
// but the server suites mostly wait: on real HTTP round trips, SQLite's and PostgreSQL's I/O,
// and the timers of sweepers, back-offs and kept-alive connections. Three files at a time took
// the SQLite pass from 282 to 161 s and the PostgreSQL pass from 299 to 184 s, all green; every
// test server and PostgreSQL database is its own (port 0, a fresh database each), so files do
// not meet. The scripts/test-pg.ts pass runs vitest here too, so it reads this file.
// Three files sharing two cores stretch each test's wall time: the seed test that migrates and
// seeds two PostgreSQL databases takes 1.5 s alone and passed Vitest's 5 s default in a clean-clone
// CI run (stop 32). The limit is a hang guard, not a measure, so it is set well above that.
//
// Files share their worker's module cache (isolate: false): each file imported the server's whole
// module graph afresh, about 1.8 s a file (189 s of import in the 107-file SQLite pass); shared,
// the same pass imports in 62 s. The suites keep no state in modules between files: each starts
// its own server on its own database, none mocks a module or changes process.env (checked by
// running every file so). Hooks get the tests' guard: a server start under load passed 10 s.
export default defineConfig({
  test: { maxWorkers: 3, testTimeout: 30_000, hookTimeout: 30_000, isolate: false },
});
