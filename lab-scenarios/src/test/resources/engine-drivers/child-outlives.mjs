// Starts a child process that would outlive it (it shares the driver's output pipes), names its pid on standard
// error, then never answers open.
import { spawn } from 'node:child_process';
import { serve } from './hostile.mjs';

const child = spawn('sleep', ['1000'], { stdio: 'inherit' });
process.stderr.write(`child pid ${child.pid}\n`);
serve({
  open() {
    return true;
  },
});
