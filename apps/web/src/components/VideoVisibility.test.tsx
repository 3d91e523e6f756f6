import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  localDateTimeValue,
  visibilityBody,
  VisibilityBadge,
  visibilityValueOf,
} from './VideoVisibility';

describe('a video’s level', () => {
  it('shows Public, Unlisted, Private, or Scheduled with its date, as a badge', () => {
    const at = '2031-03-04T18:30:00.000Z';
    render(
      <ul>
        <li>
          <VisibilityBadge video={{ visibility: 'public', publishAt: null }} />
        </li>
        <li>
          <VisibilityBadge video={{ visibility: 'unlisted', publishAt: null }} />
        </li>
        <li>
          <VisibilityBadge video={{ visibility: 'private', publishAt: null }} />
        </li>
        <li>
          <VisibilityBadge video={{ visibility: 'private', publishAt: at }} />
        </li>
      </ul>,
    );
    const badges = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(badges.slice(0, 3)).toEqual(['Public', 'Unlisted', 'Private']);
    expect(badges[3]).toMatch(/^Scheduled · .*4/);
  });

  it('turns the choice into the request: a schedule is private until a date that lies ahead', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(visibilityBody({ choice: 'unlisted', publishAt: '' }, now)).toEqual({
      body: { visibility: 'unlisted' },
    });
    expect(visibilityBody({ choice: 'scheduled', publishAt: '' }, now)).toEqual({
      error: 'Choose the date and time to publish on',
    });
    const past = localDateTimeValue(new Date(now.getTime() - 60_000));
    expect(visibilityBody({ choice: 'scheduled', publishAt: past }, now)).toEqual({
      error: 'Choose a date and time in the future',
    });
    const ahead = new Date(now.getTime() + 3_600_000);
    expect(
      visibilityBody({ choice: 'scheduled', publishAt: localDateTimeValue(ahead) }, now),
    ).toEqual({
      body: { visibility: 'private', publishAt: ahead.toISOString() },
    });
  });

  it('reads a scheduled video back as Schedule with its local date and time', () => {
    const at = new Date(2031, 2, 4, 18, 30);
    expect(visibilityValueOf({ visibility: 'private', publishAt: at.toISOString() })).toEqual({
      choice: 'scheduled',
      publishAt: '2031-03-04T18:30',
    });
    expect(visibilityValueOf({ visibility: 'unlisted', publishAt: null })).toEqual({
      choice: 'unlisted',
      publishAt: '',
    });
  });
});
