/**
 * Shrinks a failing input to a small one that still fails (delta debugging: drop chunks of
 * lines, then of characters, halving the chunk size), so that a fuzz failure is reported as a
 * reproduction a developer can read and replay. `stillFails` is tried at most `budget` times,
 * and not after `maxMs` (the best text so far is returned).
 */
export async function shrink(text: string, stillFails: (candidate: string) => Promise<boolean>, budget = 200, maxMs = 20_000): Promise<string> {
    let tries = 0;
    const deadline = performance.now() + maxMs;
    const attempt = async (candidate: string): Promise<boolean> => {
        if (performance.now() > deadline) tries = budget;
        if (tries >= budget || candidate === text) return false;
        tries++;
        try {
            return await stillFails(candidate);
        } catch {
            return false;
        }
    };
    // Units: lines (keeping their terminators), then single characters (code points).
    for (const split of [(t: string) => t.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [], (t: string) => Array.from(t)]) {
        let units = split(text);
        let chunk = Math.max(1, Math.floor(units.length / 2));
        while (chunk >= 1 && tries < budget) {
            let removed = false;
            for (let start = 0; start < units.length && tries < budget;) {
                const candidate = [...units.slice(0, start), ...units.slice(start + chunk)];
                if (candidate.length < units.length && await attempt(candidate.join(''))) {
                    units = candidate;
                    text = candidate.join('');
                    removed = true;
                } else {
                    start += chunk;
                }
            }
            if (!removed) chunk = Math.floor(chunk / 2);
        }
        units = split(text);
    }
    return text;
}
