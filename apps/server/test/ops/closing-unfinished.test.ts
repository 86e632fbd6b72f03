import { errorAnswer } from '@spinyard/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { refuseWhileClosing } from '../../src/http/error-handler.ts';

/**
 * A stop's grace ends with requests still under way (sixteen uploads waiting their turn to decode took longer than
 * the 10 s grace, issue 18 audit): each gets 503 in the error shape, not a connection cut without a word.
 */
const app = Fastify({ return503OnClosing: false });
refuseWhileClosing(app);
let entered = 0;
const waiting: (() => void)[] = [];
app.get('/slow', async () => {
  entered++;
  await new Promise<void>((resolve) => waiting.push(resolve));
  return { done: true };
});
afterAll(async () => {
  for (const release of waiting) release();
  await app.close();
});

describe('requests still under way when the stop gives up waiting', () => {
  it('answer 503 service_unavailable in the error shape, asked to try again, the connection closed', async () => {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const pending = [1, 2, 3].map(() => fetch(`${url}/slow`, { headers: { accept: 'application/json' } }));
    await expect.poll(() => entered).toBe(3);
    const closing = app.close();
    expect(await app.answerUnfinished()).toBe(3);
    for (const res of await Promise.all(pending)) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('connection')).toBe('close');
      expect(errorAnswer.parse(await res.json()).error.code).toBe('service_unavailable');
    }
    // The handlers end later: their answers go nowhere, and the close completes.
    for (const release of waiting.splice(0)) release();
    await closing;
  });
});
