import { digitsForNumberWords } from './words.ts';

/*
 * One spelling for the many ways of saying the same thing, before any pattern reads the question:
 * politeness and asking verbs go, "per" and "for each" become "by", contractions are spelled out
 * (so "isn't" keeps its "not"), and a few phrases that name one thing become that thing.
 */

const phrases: [RegExp, string][] = [
  [/\be-?mail address(es)?\b/gi, 'email'],
  [/\bsign(?:ed)?[- ]?ups?\b/gi, 'signup'],
  [/\bhow many percent\b/gi, 'what percentage'],
  [/%/g, ' percent'],
  [/\bper ?cent(age)?s?\b/gi, 'percentage'],
  // The value of an order is what its lines add up to: averaged, at the order's grain ("average
  // order value" is the average of each order's total, never of its lines), else summed.
  [/\baverage (order|basket|cart|purchase|transaction|invoice|sale)s? value\b/gi, 'average revenue by $1'],
  [/\b(order|basket|cart|purchase|transaction|sale)s? value\b/gi, 'revenue'],
  // "which month of 2021": the year is the period looked in, never a row limit.
  // Said last, as "… in 2021", so no other word is read into the period.
  [/\b(day|week|month|quarter)(s?) (?:of|in|during) ((?:19|20)\d\d)\b(.*)$/gi, '$1$2$4 in $3'],
  // "Who was hired most recently?": the latest row by the date the verb names, not a period
  // counted from today ("recently" alone still is one).
  [
    /\b(?:who|which (\w+)) (?:was|were|has been|have been|got|is|are )?\s*(\w+) (?:(?:the )?most recently|last)\s*$/gi,
    'show the last $1 $2',
  ],
  // What people earn is their salary (or pay, or wage: the model's synonyms say which column).
  [/\b(what|how much) (?:do|does|did) (.+?) earn on average\b/gi, '$1 is the average salary of $2'],
  [/\b(what|how much) (?:do|does|did) (.+?) earn in total\b/gi, '$1 is the total salary of $2'],
  [/\b(who|which \w+) earns? the most\b/gi, '$1 has the highest salary'],
  [/\b(who|which \w+) earns? the least\b/gi, '$1 has the lowest salary'],
  // "how many items are in an order on average": the units an order holds, averaged over orders.
  [
    /\bon average,? how many (?:items|units|pieces) (?:are |is |do |does )?(?:there )?(?:in|by|on) (?:an?|each|one) (\w+)\b/gi,
    'average quantity by $1',
  ],
  [
    /\bhow many (?:items|units|pieces) (?:are |is )?(?:there )?(?:in|by|on) (?:an?|each|one) (\w+?)(?: on average| typically)\b/gi,
    'average quantity by $1',
  ],
  // "an order" is any order: what one holds is the average over orders, never the number of orders.
  [
    /\bhow many (?:items|units|pieces) (?:are |is )?(?:there )?(?:in|on) (?:an?|one|the average|a typical) (\w+?)\s*$/gi,
    'average quantity by $1',
  ],
  [
    /\bhow many (?:items|units|pieces) (?:does|do) (?:an?|one|the average|a typical) (\w+) (?:have|contain|hold)(?: on average)?\s*$/gi,
    'average quantity by $1',
  ],
];

export function normalizeQuestion(text: string): string {
  let s = ` ${text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"')} `;
  s = s.replace(/[?!;:]+(?=\s|$)|\.(?=\s|$)/g, ' ');
  s = s.replace(/\b(what|who|where|how|that|it)'s\b/gi, '$1 is');
  s = s.replace(
    /\b(can|ca|do|does|did|is|are|was|were|has|have|had|wo|would|should|could)n't\b/gi,
    (_whole, verb: string) => {
      const spelled = { ca: 'can', wo: 'will' }[verb.toLowerCase()] ?? verb;
      return `${spelled} not`;
    },
  );
  s = s.replace(/\b(can|could|would|will) you( please)?\b|\bplease\b|\bkindly\b/gi, ' ');
  s = s.replace(/\b(tell me|i want to know|i'd like to know|i would like to know|let me know)\b/gi, ' ');
  s = s.replace(
    /\b(give me|show me|let me see|i want to see|i'd like to see|i would like to see)\b/gi,
    'show',
  );
  s = s.replace(
    /\b(in each|for each|for every|in every|per|grouped by|broken down by|split by|for all)\b/gi,
    'by',
  );
  // "how many shipments did each carrier handle": a verb that only says the rows belong to the
  // group is dropped; one that says something of the rows ("cancel", "return") is kept, and the
  // analyst declines what it cannot account for.
  s = s.replace(
    /\b((?:does|do|did) (?:each|every) \w+(?: \w+)?) (?:get|gets|receive|receives|handle|handles|process|processes|serve|serves|carry|carries|hold|holds|own|owns|place|places|make|makes|take|takes)\s*$/gi,
    '$1 have',
  );
  // "how many albums does each artist have": what follows "each" is what to group on.
  // ("list every customer" keeps its rows: only "each" after a verb or "of" groups.)
  s = s.replace(/\b(?:does|do|did|has|have|of)\s+(?:each|every)\b/gi, 'by');
  s = s.replace(/\bby by\b/gi, 'by');
  for (const [pattern, replacement] of phrases) s = s.replace(pattern, replacement);
  return digitsForNumberWords(s).replace(/\s+/g, ' ').trim();
}
