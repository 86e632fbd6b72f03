// Loaded into the server a benchmark starts (NODE_OPTIONS="--import <this file>", BENCH_LOOP_FILE=<file>): every
// 250 ms it appends one line, "<epoch ms> <longest event-loop delay ms> <p99 delay ms> <longest GC pause ms> <GC ms>",
// for that window, so the benchmark can tell how long the server's loop could not answer and whether collections
// were the cause. It runs on the loop it measures, so a blocked loop shows as one long delay in the next line.
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcLongest = 0;
  let gcTotal = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcLongest = Math.max(gcLongest, entry.duration);
      gcTotal += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns) => (ns / 1e6).toFixed(1);
  setInterval(() => {
    appendFileSync(
      file,
      `${Date.now()} ${ms(delay.max)} ${ms(delay.percentile(99))} ${gcLongest.toFixed(1)} ${gcTotal.toFixed(1)}\n`,
    );
    delay.reset();
    gcLongest = 0;
    gcTotal = 0;
  }, 250).unref();
}

// BENCH_CPU_PROFILE=<file>: the main thread's CPU profile (open it in Chrome's DevTools), written as the server exits
// (node refuses --cpu-prof in NODE_OPTIONS). The in-process inspector answers synchronously, so 'exit' can write it.
const profileFile = process.env.BENCH_CPU_PROFILE;
if (profileFile) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.enable', () => session.post('Profiler.start'));
  process.once('exit', () => {
    session.post('Profiler.stop', (error, answer) => {
      if (!error) writeFileSync(profileFile, JSON.stringify(answer.profile));
    });
  });
}
