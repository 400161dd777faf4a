import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const app = await buildApp(testConfig({ logLevel: 'silent', seedDemo: false }));
  times.push(performance.now() - t);
  await app.close();
}
console.log(times.map((t) => t.toFixed(0)).join(' '), 'ms');
