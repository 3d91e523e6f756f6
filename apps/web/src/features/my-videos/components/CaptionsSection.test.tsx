import type { Caption } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeVideo, makeVideoPage } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser({ username: 'ada' });

beforeAll(async () => {
  await import('./MyVideosPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const english: Caption = {
  language: 'en',
  label: 'English',
  url: '/media/captions/v1/en-1.vtt',
  playlist: '/media/captions/v1/en-1.m3u8',
  cues: 12,
  updatedAt: '2026-11-26T10:00:00.000Z',
};

/** My videos with one video whose captions the server keeps in `kept`. */
function serve(kept: Caption[]) {
  const video = makeVideo({ _id: 'v1', title: 'Talk' });
  server().on('currentUser', () => ({ data: me }));
  server().on('listVideos', () => ({ data: makeVideoPage([video]) }));
  server().on('listCaptions', () => ({ data: { captions: kept } }));
}

async function openCaptions() {
  const view = renderRoute('/my-videos');
  await view.user.click(await screen.findByRole('button', { name: 'Edit Talk' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Video' });
  const section = within(dialog).getByRole('region', { name: 'Captions' });
  return { ...view, section: within(section) };
}

const srt = () =>
  new File(['1\n00:00:01,000 --> 00:00:02,000\nHello\n'], 'talk.en.srt', {
    type: 'application/x-subrip',
  });

describe('captions on My videos', { timeout: 15_000 }, () => {
  it('lists the languages and adds one from a file, with its tag and label', async () => {
    const kept = [english];
    serve(kept);
    server().on('putCaptions', (request) => {
      const added: Caption = {
        ...english,
        language: request.params.language!,
        label: (request.body as { label: string }).label,
        cues: 1,
      };
      kept.push(added);
      return { data: added };
    });
    const { user, section } = await openCaptions();
    expect(await section.findByText('English')).toBeInTheDocument();
    expect(section.getByText('en · 12 cues')).toBeInTheDocument();

    // The form says what is missing before anything is sent.
    await user.click(section.getByRole('button', { name: 'Add captions' }));
    expect(section.getByText('Language is required')).toBeInTheDocument();
    expect(section.getByText('Choose an SRT or WebVTT file')).toBeInTheDocument();
    await user.type(section.getByLabelText('Language'), 'portuguese!');
    expect(
      section.getByText('Use a language tag such as en, pt-BR or zh-Hant'),
    ).toBeInTheDocument();
    await user.clear(section.getByLabelText('Language'));
    await user.type(section.getByLabelText('Language'), 'pt-br');
    await user.type(section.getByLabelText('Label'), 'Português');
    await user.upload(section.getByLabelText('Captions file'), srt());
    await user.click(section.getByRole('button', { name: 'Add captions' }));

    expect(await section.findByText('Português')).toBeInTheDocument();
    const [put] = server().requestsTo('putCaptions');
    expect([put?.params, put?.body, put?.files.file?.name]).toEqual([
      { id: 'v1', language: 'pt-BR' },
      { label: 'Português' },
      'talk.en.srt',
    ]);
    expect(screen.getByText('Captions saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file as it is, and keeps the list', async () => {
    serve([english]);
    server().on('putCaptions', () => ({
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Line 2: the cue ends before it starts (00:00:04.000 --> 00:00:02.000)',
      },
    }));
    const { user, section } = await openCaptions();
    await user.type(section.getByLabelText('Language'), 'fr');
    await user.type(section.getByLabelText('Label'), 'Français');
    await user.upload(section.getByLabelText('Captions file'), srt());
    await user.click(section.getByRole('button', { name: 'Add captions' }));
    expect(
      await section.findByText(
        'Line 2: the cue ends before it starts (00:00:04.000 --> 00:00:02.000)',
      ),
    ).toBeInTheDocument();
    expect(section.getAllByRole('listitem')).toHaveLength(1);
  });

  it('replaces a language from a new file and removes one', async () => {
    const kept = [english];
    serve(kept);
    server().on('putCaptions', () => ({ data: { ...english, cues: 3 } }));
    server().on('deleteCaptions', () => {
      kept.splice(0);
      return { data: {} };
    });
    const { user, section } = await openCaptions();
    await section.findByText('English');
    await user.upload(section.getByLabelText('Replacement file for English (en)'), srt());
    await waitFor(() => expect(server().requestsTo('putCaptions')).toHaveLength(1));
    expect(server().requestsTo('putCaptions')[0]?.params).toEqual({ id: 'v1', language: 'en' });
    expect(server().requestsTo('putCaptions')[0]?.body).toEqual({ label: 'English' });

    await user.click(section.getByRole('button', { name: 'Remove English (en)' }));
    expect(
      await section.findByText('No captions yet. Add an SRT or WebVTT file for each language.'),
    ).toBeInTheDocument();
    expect(server().requestsTo('deleteCaptions')[0]?.params).toEqual({ id: 'v1', language: 'en' });
  });
});
