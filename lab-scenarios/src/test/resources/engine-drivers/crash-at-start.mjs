// Crashes before it reads anything: exit code 3, with a word on standard error.
process.stderr.write('the engine library could not be loaded\n');
process.exit(3);
