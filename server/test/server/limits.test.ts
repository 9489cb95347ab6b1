/** limits.ts: sizes in words for the messages the server and the CLI give on a file too large. */
import { expect, test } from 'vitest';
import { describeOverLimit, MAX_LCPN_FILE_BYTES } from '../../src/workspace/limits.js';

test('a size over the limit reads in MB, or in bytes when the rounded sizes would look equal', () => {
    expect(describeOverLimit(600 * 1024 * 1024)).toEqual({ size: '600 MB', limit: '16 MB' });
    expect(describeOverLimit(MAX_LCPN_FILE_BYTES + 1)).toEqual({ size: '16,777,217 bytes', limit: '16,777,216 bytes' });
    expect(describeOverLimit(3000, 2048)).toEqual({ size: '2.9 KB', limit: '2 KB' });
});
