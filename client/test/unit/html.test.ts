import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, escapeHtml, makeNonce, renderShell } from '../../src/diagram/html.js';

const options = { cspSource: 'https://file+.vscode-resource.vscode-cdn.net', scriptUri: 'https://x/dist/client/diagram-view.js', nonce: 'abc123+/=', title: 'Movement diagram' };

describe('diagram webview HTML', () => {
    it('escapes the five HTML-special characters', () => {
        expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;');
        expect(escapeHtml('chinese-horse')).toBe('chinese-horse');
    });

    it('makes a fresh base64 nonce each time', () => {
        const a = makeNonce();
        const b = makeNonce();
        expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(a).not.toBe(b);
    });

    it('allows only its own nonce-bearing script', () => {
        const csp = contentSecurityPolicy(options.cspSource, options.nonce);
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain(`script-src 'nonce-${options.nonce}'`);
        expect(csp).not.toMatch(/script-src[^;]*unsafe/);
        // The Play view's computer: a Web Worker from its bundled text, and no other worker.
        expect(csp).toContain('worker-src blob:');
        const html = renderShell(options);
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts).toEqual([`<script nonce="${options.nonce}" src="${options.scriptUri}">`]);
        expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
        expect(html).not.toMatch(/\son\w+=/);
    });

    it('escapes the title and the script address', () => {
        const html = renderShell({ ...options, title: '<script>alert(1)</script>', scriptUri: 'https://x/a.js"><script>' });
        expect(html).not.toContain('<script>alert');
        expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
        expect(html).toContain('src="https://x/a.js&#34;&#62;&#60;script&#62;"');
    });

    it('refuses a nonce that could break out of the policy', () => {
        expect(() => renderShell({ ...options, nonce: "x' 'unsafe-inline" })).toThrow(/nonce/);
    });
});
