// `npm run dev`: the server with reload (tsx watch) and Vite with HMR, stopped together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    stdio: 'inherit',
    // Development plays the outside parties itself and seeds the demo, unless told otherwise.
    env: {
      SANDBOX: 'on',
      SEED_DEMO: 'on',
      ...process.env,
      WEB_ROOT: 'off',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
