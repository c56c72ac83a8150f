/** The words around a figure that qualify it (issue 35): per unit, per m², ex land, a delay, a requirement. */

// An amount for each of some units: '$950k each', '$1.1m per townhouse', 'units average $800k'.
export const PER_UNIT_AFTER =
  /^\s*(?:each|average|avg|on avg|apiece|a pop|per (?:unit|apartment|apt|lot|townhouse|dwelling|home|house|door|terrace|villa|flat)|an? (?:unit|door|lot|apartment|townhouse)|\/ ?(?:unit|apartment|lot)|on average)\b/i;
export const PER_UNIT_BEFORE =
  /\b(?:(?:\d+\s+|how many\s+(?:more\s+)?|many\s+(?:more\s+)?)(?:units?|apartments?|apts?|townhouses?|town ?homes?|lots|homes|houses|dwellings?|duplexes|villas|terraces|flats|residences|studios|penthouses?|suites|sales|presales|pre-sales|contracts)\s+(?:at|@|for|selling at|sold at|averaging|sell for|sells for|go for|selling for)|(?:units?|apartments?|townhouses?|lots)\s+(?:sell|go|are selling|will sell)\s+(?:for|at)|average(?:s|d)?|averaging|avg|each (?:one |unit |apartment |lot |townhouse |home |house )?(?:sells? |goes |selling |sold )?(?:at|for)|price per unit|per (?:unit|lot|apartment|townhouse|dwelling|home|house))\s*(?:(?:unit|apartment|lot|townhouse|home|sale|selling)\s+)?(?:price\s*|value\s*|cost\s*)?(?:of\s*|at\s*|is\s*|=\s*|:\s*|around\s*|about\s*)*$/i;
export const PER_AREA_AFTER = /^\s*(?:per|\/|a)\s*(?:sqm|sq\.? ?m|m2|m²|square met(?:re|er))\b|^\s*psm\b/i;
export const EX_LAND =
  /\b(?:ex(?:cl(?:uding|\.)?)?\.?|before|other than|without|not including|less)\s+(?:the\s+)?(?:land|site)\b|\bnon[- ]?land\b/i;
export const DELAY_AFTER =
  /^\s*(?:of\s+)?(?:delay|late|slip|slippage|blow-?out|overrun|extension|extra|more|additional|further|hold[- ]?up|behind)/i;
export const DELAY_BEFORE =
  /\b(?:delay(?:ed|s)?|late|slips?|slipped|extension|extended|overruns?|held up|pushed out|blows? out)\s*(?:of|by)?\s*(?:an?\s+)?(?:extra\s+|more\s+|another\s+|further\s+)?$/i;
export const REQUIRED =
  /\b(?:wants?|needs?|require[sd]?|requirement|ask(?:s|ing)? for|minimum|target|must|condition|covenant|hurdle|hit|reach|achieve|meet|needed)\b/i;
export const TOTAL_COST_WORDS = /\b(?:total|tdc|all|whole|overall)\b/i;
export const RATE_RISE_AFTER = /^\s*(?:interest\s+)?(?:rate\s+)?(?:rise|increase|hike|jump|move up|bump)\b/i;
export const RATE_RISE_BEFORE =
  /\brates?\s+(?:go(?:es)?\s+up|rises?|increases?|jumps?|climbs?|move up|moves up)\s*(?:by\s*)?(?:another\s+)?$/i;
export const PRESALES = /\bpre-?s(ales?|old)\b|\bpresell\b|\bexchanged\b|\bsales\b|\bcontracts\b/i;
export const UNIT_NOUN =
  /^(?:units?|apartments?|apts?|townhouses?|town ?homes?|lots|dwellings?|homes|houses|terraces|villas|residences|flats|duplexes|studios|penthouses?|suites)$/i;
