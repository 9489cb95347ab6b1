/**
 * Betza and Parlett of one piece, as a hover shows them: the piece is flattened once for both
 * (expanding every name it uses, and walking any path it contains, is most of an export's work).
 */
import type { Move, PieceDef } from '../model/piece.js';
import { toBetza, type ExportResult } from './betza-print.js';
import { flatten, type ExportContext, type Resolver } from './flatten.js';
import { toParlett } from './parlett-print.js';

export function toBetzaAndParlett(target: PieceDef | Move, resolve: Resolver, context: ExportContext = {}): { betza: ExportResult; parlett: ExportResult } {
    const flat = flatten(target, resolve, context);
    return { betza: toBetza(target, resolve, context, flat), parlett: toParlett(target, resolve, context, flat) };
}
