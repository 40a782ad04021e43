// Starts and never answers anything, not even hello: it stays alive and silent until the lab ends it.
process.stderr.write('loading the engine...\n');
process.stdin.resume();
