/**
 * The differential run's inputs, read from one checkout: `examples/*.lcpn`, the LCPN code blocks
 * of `README.md` and `docs/*.md` (each block a file), and the `.lcpn` files below
 * `server/test/fixtures/`. A code block is LCPN when its fence says `lcpn`, `lisp`, `c` or `sql`,
 * or says nothing and its first line starts a Lisp definition (`(def `); the other unlabelled
 * blocks are shell sessions, diagrams and grammars.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface Input {
    /** Where it comes from: `examples/xiangqi.lcpn`, `README.md:16` (the fence's line). */
    id: string;
    /** The file name it is written under (each input alone in its own folder). */
    fileName: string;
    text: string;
    /** The folder whose inputs also form one workspace (`examples`), if any. */
    workspace?: string;
}

const LCPN_FENCES = new Set(['lcpn', 'lisp', 'c', 'sql']);

/** The fenced code blocks of a Markdown text that are LCPN, with the line of each opening fence. */
export function lcpnBlocks(markdown: string): { line: number; text: string }[] {
    const blocks: { line: number; text: string }[] = [];
    const lines = markdown.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
        const open = /^(\s*)(`{3,})\s*([\w-]*)/.exec(lines[i]);
        if (!open) continue;
        const [, indent, fence, info] = open;
        const body: string[] = [];
        let j = i + 1;
        for (; j < lines.length && !lines[j].trimStart().startsWith(fence); j++) body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
        const isLcpn = info === '' ? /^\(def\s/.test(body[0] ?? '') : LCPN_FENCES.has(info.toLowerCase());
        if (isLcpn) blocks.push({ line: i + 1, text: body.join('\n') + '\n' });
        i = j;
    }
    return blocks;
}

function filesBelow(dir: string): string[] {
    return readdirSync(dir).sort().flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? filesBelow(path) : [path];
    });
}

export function collectInputs(root: string): Input[] {
    const inputs: Input[] = [];
    for (const name of readdirSync(join(root, 'examples')).sort().filter((n) => n.endsWith('.lcpn'))) {
        inputs.push({ id: `examples/${name}`, fileName: name, text: readFileSync(join(root, 'examples', name), 'utf8'), workspace: 'examples' });
    }
    const docs = ['README.md', ...readdirSync(join(root, 'docs')).sort().filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
    for (const doc of docs) {
        for (const block of lcpnBlocks(readFileSync(join(root, doc), 'utf8'))) {
            inputs.push({ id: `${doc}:${block.line}`, fileName: `${basename(doc, '.md').toLowerCase()}-${block.line}.lcpn`, text: block.text });
        }
    }
    const fixtures = join(root, 'server/test/fixtures');
    for (const path of filesBelow(fixtures).filter((p) => p.endsWith('.lcpn'))) {
        const id = relative(root, path);
        const folder = relative(fixtures, path).split('/').slice(0, -1).join('/');
        inputs.push({ id, fileName: basename(path), text: readFileSync(path, 'utf8'), workspace: folder ? `fixtures/${folder}` : undefined });
    }
    return inputs;
}
