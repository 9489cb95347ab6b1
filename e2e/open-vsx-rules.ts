/**
 * The rules the Open VSX server applies to a manifest when an extension is published (its
 * ExtensionValidator), restated: names and namespaces of word characters and `-+$~`, versions
 * of letters, digits and `$+-,.:;_`, no control or invisible characters in the shown fields,
 * field lengths, URLs that have a host, and the allowed values of a few fields.
 */
export type Manifest = Record<string, unknown>;

/** What Open VSX would refuse in `manifest`, in words; empty when it would accept it. */
export function openVsxIssues(manifest: Manifest): string[] {
    const issues: string[] = [];
    const name = /^[\w\-+$~]+$/;
    const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
    for (const field of ['publisher', 'name'] as const) {
        const value = manifest[field];
        if (!text(value)) issues.push(`${field} must not be empty`);
        else if (!name.test(value) || value.length > 255) issues.push(`${field} '${value}' is not a valid Open VSX ${field === 'publisher' ? 'namespace' : 'name'}`);
    }
    const version = manifest.version;
    if (!text(version)) issues.push('version must not be empty');
    else if (['latest', 'pre-release', 'reviews'].includes(version)) issues.push(`version '${version}' is reserved`);
    else if (!/^[\p{L}\p{N}$+\-,.:;_]+$/u.test(version)) issues.push(`version '${version}' has a character Open VSX refuses`);
    // Control, format, private-use, unassigned and separator characters are refused in these fields.
    const bad = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
    const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);
    const limits: [string, unknown, number][] = [
        ['displayName', manifest.displayName, 255], ['description', manifest.description, 2048], ['categories', manifest.categories, 255],
        ['keywords', manifest.keywords, 255], ['license', manifest.license, 255],
        ['galleryBanner.color', (manifest.galleryBanner as Manifest | undefined)?.color, 16]
    ];
    for (const [field, value, limit] of limits) {
        for (const s of strings(value)) {
            if (bad.test(s)) issues.push(`${field} has a control or invisible character: ${JSON.stringify(s)}`);
            if (s.length > limit) issues.push(`${field} is longer than ${limit} characters`);
        }
    }
    const url = (value: unknown): string | undefined => {
        const raw = typeof value === 'object' && value !== null ? (value as Manifest).url : value;
        return typeof raw === 'string' && raw !== '' ? raw : undefined;
    };
    for (const field of ['homepage', 'repository', 'bugs'] as const) {
        const value = url(manifest[field]);
        if (value === undefined) continue;
        let host = '';
        try {
            host = new URL(value.startsWith('git+') ? value.slice(4) : value).host;
        } catch { /* not a URL */ }
        if (!host) issues.push(`${field} is not a URL: ${value}`);
        if (value.length > 255) issues.push(`${field} is longer than 255 characters`);
    }
    const allowed: [string, unknown, string[]][] = [
        ['markdown', manifest.markdown, ['github', 'standard']],
        ['galleryBanner.theme', (manifest.galleryBanner as Manifest | undefined)?.theme, ['dark', 'light']]
    ];
    for (const [field, value, values] of allowed) {
        if (text(value) && !values.includes(value)) issues.push(`${field} must be one of ${values.join(', ')}, not '${value}'`);
    }
    if (text(manifest.qna) && !['marketplace', 'false'].includes(manifest.qna) && !/^https?:\/\/[^/]+/.test(manifest.qna)) issues.push(`qna must be marketplace, false or a URL`);
    return issues;
}

