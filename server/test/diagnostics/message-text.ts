/** A diagnostic's message as text: LSP 3.18 lets it be markup (`{ kind, value }`); lcpn sends plain strings. */
export function messageText(diagnostic: { message: unknown }): string {
    const message = diagnostic.message;
    return typeof message === 'string' ? message : (message as { value: string }).value;
}
