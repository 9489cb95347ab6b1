/** e2e/open-vsx-rules.ts: the Open VSX server's manifest rules, as the VSIX check applies them. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { openVsxIssues } from '../../../e2e/open-vsx-rules.js';

it("the extension's own manifest passes", () => {
    expect(openVsxIssues(JSON.parse(readFileSync('package.json', 'utf8')))).toEqual([]);
});

it('refuses what the Open VSX server refuses', () => {
    const good = { publisher: 'lcpn', name: 'lcpn', version: '0.1.0', displayName: 'LCPN', license: 'MIT' };
    expect(openVsxIssues({ ...good, publisher: 'my publisher' })).toEqual(["publisher 'my publisher' is not a valid Open VSX namespace"]);
    expect(openVsxIssues({ ...good, name: '' })).toEqual(['name must not be empty']);
    expect(openVsxIssues({ ...good, version: 'latest' })).toEqual(["version 'latest' is reserved"]);
    expect(openVsxIssues({ ...good, version: '1.0.0/beta' })).toEqual(["version '1.0.0/beta' has a character Open VSX refuses"]);
    expect(openVsxIssues({ ...good, displayName: 'LCPN\u200b' })).toEqual(['displayName has a control or invisible character: "LCPN\u200b"']);
    expect(openVsxIssues({ ...good, description: 'x'.repeat(2049) })).toEqual(['description is longer than 2048 characters']);
    expect(openVsxIssues({ ...good, repository: { type: 'git', url: 'TODO' } })).toEqual(['repository is not a URL: TODO']);
    expect(openVsxIssues({ ...good, repository: 'git+https://example.org/lcpn.git', homepage: 'https://example.org' })).toEqual([]);
    expect(openVsxIssues({ ...good, galleryBanner: { color: '#1b1f2a', theme: 'grey' } })).toEqual(['galleryBanner.theme must be one of dark, light, not \'grey\'']);
});
