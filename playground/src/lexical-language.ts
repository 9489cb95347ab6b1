/**
 * Comments and strings for CodeMirror, from the TextMate grammar VS Code colours them with
 * (syntaxes/lcpn.tmLanguage.json: its `comments` rules and its `strings` rule, read here, not
 * copied). They are the one part of the colouring the server's semantic tokens leave out (a
 * comment is no node of the AST), and they are known before the server has started. Everything
 * else is coloured by the server (semantic-highlight.ts).
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';
import grammar from '../../syntaxes/lcpn.tmLanguage.json';
import editing from '../../language-configuration.json';

const comments = grammar.repository.comments.patterns.map((rule) => new RegExp(rule.match));
/**
 * A name, keyword or property, read whole: a `-` run inside one is not the comment marker `--`
 * (`a--b` is a name, as the server's lexer reads it). TextMate finds the name first because it
 * starts further left; this tokenizer tries the rules at every character, so it steps over words.
 */
const word = /^[$:]*[\p{L}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?/u;
const strings = grammar.repository.strings;
const stringBegin = new RegExp(strings.begin);
const stringEnd = new RegExp(strings.end);
const stringEscapes = strings.patterns.map((rule) => new RegExp(rule.match));

/** Inside a string (which may go on over lines) or not. */
interface LexicalState { inString: boolean }

/** Reads the rest of a string, up to its closing quote or the end of the line. */
function stringRest(stream: StringStream, state: LexicalState): string {
    while (!stream.eol()) {
        if (stringEscapes.some((escape) => stream.match(escape))) continue;
        if (stream.match(stringEnd)) {
            state.inString = false;
            break;
        }
        stream.next();
    }
    return 'string';
}

export const lcpnLexical = StreamLanguage.define<LexicalState>({
    name: 'lcpn',
    startState: () => ({ inString: false }),
    copyState: (state) => ({ ...state }),
    token(stream, state) {
        if (state.inString) return stringRest(stream, state);
        if (stream.match(word)) return null;
        if (comments.some((comment) => stream.match(comment))) return 'comment';
        if (stream.match(stringBegin)) {
            state.inString = true;
            return stringRest(stream, state);
        }
        stream.next();
        return null;
    },
    // Toggle comment (Ctrl-/) writes VS Code's line comment.
    languageData: { commentTokens: { line: editing.comments.lineComment } }
});
