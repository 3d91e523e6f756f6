import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RichText } from './RichText';

function renderText(text: string, onSeek?: (seconds: number) => void) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <p data-testid="text">
            <RichText text={text} onSeek={onSeek} />
          </p>
        ),
      },
      { path: '/c/:username', element: <h1>A channel page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RichText', () => {
  it('makes addresses links that open apart and pass nothing on', () => {
    renderText('Code at https://example.org/repo, docs at www.example.org.');
    const code = screen.getByRole('link', { name: 'https://example.org/repo' });
    expect(code).toHaveAttribute('href', 'https://example.org/repo');
    expect(code).toHaveAttribute('target', '_blank');
    expect(code).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(screen.getByRole('link', { name: 'www.example.org' })).toHaveAttribute(
      'href',
      'https://www.example.org/',
    );
    expect(screen.getByTestId('text')).toHaveTextContent(
      'Code at https://example.org/repo, docs at www.example.org.',
    );
  });

  it('writes markup and script addresses as the text they are', () => {
    const text = '<img src=x onerror="alert(1)"> javascript:alert(1) <b>bold</b>';
    renderText(text);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('text').querySelector('b')).toBeNull();
    expect(screen.getByTestId('text')).toHaveTextContent(text);
  });

  it("links an @name to that person's channel", async () => {
    const router = renderText('Made with @Grace.Hopper!');
    await userEvent.click(screen.getByRole('link', { name: '@Grace.Hopper' }));
    expect(router.state.location.pathname).toBe('/c/grace.hopper');
    expect(screen.getByRole('heading', { name: 'A channel page' })).toBeInTheDocument();
  });

  it('makes times buttons that seek, only where the player is there to seek', async () => {
    const onSeek = vi.fn();
    renderText('Chapters: 0:45 setup, 1:02:03 demo', onSeek);
    await userEvent.click(screen.getByRole('button', { name: 'Jump to 1:02:03' }));
    expect(onSeek).toHaveBeenCalledWith(3723);
    screen.getByRole('button', { name: 'Jump to 0:45' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSeek).toHaveBeenLastCalledWith(45);
  });

  it('leaves times as text without a player', () => {
    renderText('Chapters: 0:45 setup');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
