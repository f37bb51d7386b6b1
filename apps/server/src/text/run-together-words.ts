import { abbreviationWords } from './abbreviations.ts';
import { singular } from './words.ts';

/*
 * Names whose words run together in one case, as a warehouse keeps a mixed-case source loaded
 * with unquoted names: Snowflake raises `InvoiceDate` to INVOICEDATE, PostgreSQL lowers it to
 * invoicedate. Nothing marks where the words part, so they are found among words that names of
 * tables and columns are commonly made of: INVOICEDATE reads as invoice, date, CUSTOMERID as
 * customer, id. A name is split only when all of it is such words (fewest words first), so a
 * word this list does not know ("milliseconds", "composer") stays whole rather than cut wrong.
 */

// Words names are commonly made of, singular (a plural piece is looked up by its singular).
const nameWords = new Set(
  `account active activity actor address admission age agent album amount answer app area artist asset
attempt author balance bank base batch begin billing birth bonus book booking branch brand budget
business byte cabin call campaign capacity card cart case category channel charge check child city
class click client close closed code comment commission company composer contact content contract cost
count country coupon course created credit currency customer cycle daily date day deal debit delivery
department deposit description detail device discount display distance district doctor domain due
duration email employee employer end entry event exchange expense expiry external fare fax fee file
film first flag flight free freight full fund gender genre grade gross group guest has height hire home
hour image income internal inventory invoice is issue item job join journal key kind label language
last lead length level limit line list loan location login margin market media medium member message
middle minute mobile model modified month movie name net next note number office open order
organization origin owner page paid parent partner patient pay payment percent period person phone
place plan playlist point position postal previous price primary priority product profit project
promotion provider publisher purchase quantity quarter rate rating reason receipt record ref refund
region release rep report request return revenue review role room route salary sale sales schedule
school score season second segment seller sequence service session ship shipment shipping shop signup size
sku song sort source staff stage standard start state status stock store student subject supplier
support table tag target tax teacher team term territory ticket time title total town track trade
transaction trip type unit updated url user valid value vendor version via view visit volume warehouse
week weight width work year zip`.split(/\s+/),
);

// Two-letter words that may stand between others ("REPORTSTO", "CREATEDAT", "ISACTIVE"); no
// other word this short, or "island" would read as "is land".
const shortWords = new Set(['id', 'to', 'at', 'by', 'of', 'no', 'is']);

const MAX_LENGTH = 64;

function known(piece: string): boolean {
  if (piece.length === 2) return shortWords.has(piece);
  if (piece.length < 2) return false;
  return nameWords.has(piece) || nameWords.has(singular(piece)) || abbreviationWords.has(piece);
}

/**
 * The words of one lower-case word with no separator, when all of it is known words run
 * together: "invoicedate" → invoice, date; the word alone when it is itself known or does not
 * split whole.
 */
export function splitRunTogether(word: string): string[] {
  if (word.length < 5 || word.length > MAX_LENGTH || !/^[a-z]+$/.test(word) || known(word)) return [word];
  // best[i]: the fewest known words making the first i letters, or null when none do.
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    let choice: string[] | null = null;
    // Among as few words, the one whose last word is longest is kept: the first found here.
    for (let start = 0; start < end; start++) {
      const before = best[start];
      if (before === null || before === undefined) continue;
      const piece = word.slice(start, end);
      if (!known(piece)) continue;
      if (choice === null || before.length + 1 < choice.length) choice = [...before, piece];
    }
    best.push(choice);
  }
  const words = best[word.length];
  return words && words.length > 1 ? words : [word];
}
