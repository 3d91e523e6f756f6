import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { contractMismatches } from '../lib/api/answer-check';
import { fixedMediaQuery } from './media-query';

// Lazy routes and real HTTP round trips can take more than a second on a busy 2-core CI
// machine; waiting longer never slows a passing test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // An answer that broke the contract fails its test even when the screen caught the error.
  const mismatches = contractMismatches.splice(0);
  if (mismatches.length > 0) {
    throw new Error(mismatches.map((mismatch) => mismatch.message).join('\n'));
  }
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  document.documentElement.className = '';
  document.body.removeAttribute('style');
});

// jsdom has no layout engine: no media queries (every test sees a small screen) and no
// object URLs for file previews.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQuery(query, false);
}
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;
