import { closeStartedApps } from '../support/open-apps';
import { startApp } from '../support/helpers';

it('closes the apps a test file left open; one already closed closes again harmlessly', async () => {
  const { app: closed } = await startApp();
  const { app: left } = await startApp();
  await closed.close();
  expect((await left.inject('/api/health')).statusCode).toBe(200);

  await closeStartedApps();

  await expect(left.inject('/api/health')).rejects.toThrow();
  await closeStartedApps();
});
