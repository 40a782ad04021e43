// Declares a negative delay.
import { CONTRACT, serve } from './hostile.mjs';

serve({}, { ...CONTRACT, delayFrames: -1 });
