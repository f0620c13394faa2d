import { describe, expect, it } from 'vitest';
import { createDemoEngine } from '../../src/demo/demo-engine.js';
import { EncounterClient } from '../../src/engine/client.js';
import { demoPicture } from './harness.js';

describe('createDemoEngine', () => {
  it('starts the fake on loopback, signs in, and the fetcher may reach it', async () => {
    const demo = await createDemoEngine();
    try {
      expect(demo.fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const model = await demo.engine.getGameModel(demo.gameId);
      expect(model.Event).toBe(0);
      const src = /src="([^"]+collage\.jpg)"/.exec(model.Level!.Tasks![0]!.TaskTextFormatted!)![1]!;
      const picture = await demo.engine.fetchResource(src);
      expect(picture.bytes).toEqual(demoPicture('collage.jpg'));
      expect((await demo.engine.getProfile()).login).toBe('player1');
    } finally {
      await demo.close();
    }
    // Closed means closed: the port no longer answers.
    await expect(new EncounterClient({ domain: 'x', baseUrl: demo.fake.url }).getGameList()).rejects.toThrow(/could not reach/);
  });

  it('serves task pictures from a second loopback host without engine cookies', async () => {
    const demo = await createDemoEngine();
    try {
      const pictures = await demo.fake.startPictureHost();
      const task = (await demo.engine.getGameModel(demo.gameId)).Level!.Tasks![0]!.TaskTextFormatted!;
      expect(task).toContain(`${pictures}/GameImages/demo/collage.jpg`);
      const got = await demo.engine.fetchResource(`${pictures}/GameImages/demo/collage.jpg`);
      expect(got.bytes).toEqual(demoPicture('collage.jpg'));
      expect(demo.fake.pictureHostRequests).toEqual([{ path: '/GameImages/demo/collage.jpg', cookie: '' }]);
      await demo.engine.fetchResource('/GameImages/demo/collage.jpg');
      expect(demo.fake.requests.at(-1)!.cookie).toMatch(/stoken=/);
    } finally {
      await demo.close();
    }
  });
});
