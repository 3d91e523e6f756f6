import { expect, test } from '@playwright/test';
import { publishByApi, registerByApi } from '../fixtures/api';
import { makeClip } from '../fixtures/clip';

// Issue 22 item 4 (decision 0044): the owner adds SRT captions in My videos; on the watch page
// the CC button shows them, drawn by the browser from the WebVTT the server made of them.
test.use({ viewport: { width: 1366, height: 900 } });

const srt = [
  '1',
  '00:00:00,000 --> 00:00:04,000',
  'Hello from the <b>captions</b><script>window.ran = true</script>',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000',
  'Goodbye',
  '',
].join('\r\n');

test('the owner adds captions, and a viewer turns them on and sees a cue', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const creator = await registerByApi(context.request, 'captions');
  const title = `Captioned ${creator.username}`;
  const videoId = await publishByApi(context.request, creator, {
    title,
    description: 'Has English captions',
    clip: makeClip(5, '320x180'),
  });

  const page = await context.newPage();
  await page.goto('/my-videos');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const captions = page
    .getByRole('dialog', { name: 'Edit Video' })
    .getByRole('region', { name: 'Captions' });
  // A file with broken timing is refused with the server's words, and nothing is listed.
  await captions.getByLabel('Language').fill('en');
  await captions.getByLabel('Label').fill('English');
  await captions.getByLabel('Captions file').setInputFiles({
    name: 'broken.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:03,000 --> 00:00:01,000\nBackwards\n'),
  });
  await captions.getByRole('button', { name: 'Add captions' }).click();
  await expect(
    captions.getByText('Line 2: the cue ends before it starts (00:00:03.000 --> 00:00:01.000)'),
  ).toBeVisible();
  await captions.getByLabel('Captions file').setInputFiles({
    name: 'talk.en.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(srt),
  });
  await captions.getByRole('button', { name: 'Add captions' }).click();
  await expect(captions.getByText('en · 2 cues')).toBeVisible();
  await context.close();

  // A visitor watches: captions are off until the CC button turns them on.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/video/${videoId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const player = visitor.getByRole('region', { name: 'Video player' });
  const cc = player.getByRole('button', { name: 'Captions', exact: true });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await cc.click();
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await player.getByRole('button', { name: 'Play video' }).click();

  const video = visitor.locator('video');
  const showing = () =>
    video.evaluate((v: HTMLVideoElement) => {
      const track = Array.from(v.textTracks).find((t) => t.mode === 'showing');
      const cue = track?.activeCues?.[0] as VTTCue | undefined;
      return track
        ? { language: track.language, label: track.label, text: cue?.text ?? null }
        : null;
    });
  await expect.poll(showing, { timeout: 20_000 }).toEqual({
    language: 'en',
    label: 'English',
    text: 'Hello from the <b>captions</b>',
  });
  // The script in the file was stripped, never run.
  expect(await visitor.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
  await visitor.screenshot({ path: test.info().outputPath('cue.png') });

  // The choice is remembered: the next visit shows them at once.
  await visitor.reload();
  await expect(
    visitor
      .getByRole('region', { name: 'Video player' })
      .getByRole('button', { name: 'Captions', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
});
