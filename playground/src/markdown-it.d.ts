/** What the playground uses of markdown-it (the package ships no types; @types/markdown-it is not a dependency). */
declare module 'markdown-it' {
    interface Token {
        attrGet(name: string): string | null;
        attrSet(name: string, value: string): void;
    }
    type Rule = (tokens: Token[], index: number, options: unknown, env: unknown, self: unknown) => string;
    export default class MarkdownIt {
        constructor(options?: { html?: boolean; linkify?: boolean });
        render(text: string): string;
        validateLink(url: string): boolean;
        renderer: { rules: Record<string, Rule | undefined> };
    }
}
