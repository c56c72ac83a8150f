// The marketplace benchmark's vocabulary: where projects are, what they are, who funds them (seed.mjs draws from it).

// ---------------------------------------------------------------------------------------------
// Geography: share of Australia's population (ABS 2024, rounded), and suburbs in order of how
// often they come up (Zipf within the state): [name, postcode, latitude, longitude].

export const STATES = {
  NSW: [
    31.8,
    [
      ['Parramatta', '2150', -33.815, 151.001],
      ['Blacktown', '2148', -33.771, 150.906],
      ['Liverpool', '2170', -33.92, 150.924],
      ['Penrith', '2750', -33.751, 150.694],
      ['Chatswood', '2067', -33.796, 151.183],
      ['Newcastle', '2300', -32.927, 151.776],
      ['Wollongong', '2500', -34.424, 150.893],
      ['Castle Hill', '2154', -33.73, 151.004],
      ['Campbelltown', '2560', -34.065, 150.814],
      ['Surry Hills', '2010', -33.885, 151.211],
      ['Ryde', '2112', -33.815, 151.105],
      ['Hornsby', '2077', -33.703, 151.099],
      ['Bondi', '2026', -33.894, 151.264],
      ['Gosford', '2250', -33.425, 151.342],
      ['North Parramatta', '2151', -33.8, 151.004],
      ['Rouse Hill', '2155', -33.682, 150.915],
      ['Marsden Park', '2765', -33.698, 150.832],
      ['Wagga Wagga', '2650', -35.118, 147.37],
    ],
  ],
  VIC: [
    25.6,
    [
      ['Melbourne', '3000', -37.814, 144.963],
      ['Richmond', '3121', -37.823, 145.0],
      ['Footscray', '3011', -37.8, 144.9],
      ['Box Hill', '3128', -37.819, 145.125],
      ['Werribee', '3030', -37.9, 144.661],
      ['Geelong', '3220', -38.149, 144.361],
      ['Dandenong', '3175', -37.987, 145.215],
      ['Craigieburn', '3064', -37.6, 144.943],
      ['Brunswick', '3056', -37.767, 144.962],
      ['St Kilda', '3182', -37.868, 144.981],
      ['Point Cook', '3030', -37.915, 144.75],
      ['Ballarat', '3350', -37.562, 143.85],
      ['Tarneit', '3029', -37.832, 144.694],
      ['Doncaster', '3108', -37.788, 145.124],
    ],
  ],
  QLD: [
    20.5,
    [
      ['Brisbane City', '4000', -27.468, 153.028],
      ['Southport', '4215', -27.967, 153.4],
      ['Fortitude Valley', '4006', -27.457, 153.034],
      ['South Brisbane', '4101', -27.48, 153.02],
      ['Surfers Paradise', '4217', -28.0, 153.43],
      ['Toowoomba', '4350', -27.561, 151.953],
      ['Townsville', '4810', -19.259, 146.816],
      ['Ipswich', '4305', -27.614, 152.758],
      ['Cairns', '4870', -16.92, 145.77],
      ['Springfield Lakes', '4300', -27.668, 152.925],
      ['Maroochydore', '4558', -26.66, 153.1],
      ['Logan Central', '4114', -27.639, 153.109],
      ['Chermside', '4032', -27.385, 153.032],
    ],
  ],
  WA: [
    10.8,
    [
      ['Perth', '6000', -31.953, 115.857],
      ['Joondalup', '6027', -31.744, 115.766],
      ['Fremantle', '6160', -32.056, 115.745],
      ['Baldivis', '6171', -32.327, 115.829],
      ['Rockingham', '6168', -32.277, 115.73],
      ['Subiaco', '6008', -31.949, 115.826],
      ['Mandurah', '6210', -32.529, 115.723],
      ['Midland', '6056', -31.888, 116.01],
      ['Scarborough', '6019', -31.894, 115.756],
    ],
  ],
  SA: [
    6.9,
    [
      ['Adelaide', '5000', -34.929, 138.601],
      ['Glenelg', '5045', -34.98, 138.516],
      ['Norwood', '5067', -34.921, 138.631],
      ['Mawson Lakes', '5095', -34.808, 138.61],
      ['Prospect', '5082', -34.883, 138.594],
      ['Mount Barker', '5251', -35.067, 138.858],
      ['Port Adelaide', '5015', -34.846, 138.503],
    ],
  ],
  TAS: [
    2.1,
    [
      ['Hobart', '7000', -42.882, 147.327],
      ['Launceston', '7250', -41.434, 147.137],
      ['Sandy Bay', '7005', -42.905, 147.325],
      ['Kingston', '7050', -42.976, 147.304],
      ['Devonport', '7310', -41.18, 146.35],
    ],
  ],
  ACT: [
    1.7,
    [
      ['Canberra', '2601', -35.281, 149.129],
      ['Belconnen', '2617', -35.238, 149.066],
      ['Gungahlin', '2912', -35.186, 149.133],
      ['Braddon', '2612', -35.271, 149.135],
      ['Phillip', '2606', -35.345, 149.088],
    ],
  ],
  NT: [
    0.9,
    [
      ['Darwin', '0800', -12.463, 130.842],
      ['Palmerston', '0830', -12.486, 130.983],
      ['Alice Springs', '0870', -23.698, 133.881],
      ['Nightcliff', '0810', -12.383, 130.853],
    ],
  ],
};

export const STREETS = [
  'George',
  'Church',
  'Victoria',
  'Railway',
  'Station',
  'High',
  'King',
  'Queen',
  'Elizabeth',
  'Albert',
  'Market',
  'Macquarie',
  'Park',
  'Bridge',
  'Smith',
  'Hunter',
  'Pitt',
  'Lonsdale',
  'Collins',
  'Bourke',
];
export const STREET_KINDS = ['St', 'Rd', 'Ave', 'Pde', 'Lane', 'Hwy'];

export const PROPERTY_TYPES = [
  ['Residential', 48],
  ['Commercial', 16],
  ['Mixed Use', 14],
  ['Industrial', 13],
  ['Retail', 9],
];
export const STAGES = [
  ['Planning', 32],
  ['Pre-Construction', 26],
  ['Construction', 30],
  ['Near Completion', 12],
];
/** Build cost per square metre by property type (AUD, low and high). */
export const COST_PER_SQM = {
  Residential: [3500, 5500],
  Commercial: [4000, 6500],
  'Mixed Use': [3800, 6000],
  Industrial: [1200, 2200],
  Retail: [2500, 4000],
};
export const ZONING = {
  Residential: ['R3 Medium Density Residential', 'R4 High Density Residential', 'R2 Low Density Residential'],
  Commercial: ['E2 Commercial Centre', 'B3 Commercial Core', 'E1 Local Centre'],
  'Mixed Use': ['MU1 Mixed Use', 'B4 Mixed Use'],
  Industrial: ['E4 General Industrial', 'IN1 General Industrial', 'IN2 Light Industrial'],
  Retail: ['B2 Local Centre', 'E1 Local Centre'],
};
export const TITLE_WORDS = {
  Residential: ['Townhouses', 'Apartments', 'Residences', 'Terraces', 'Villas', 'Duplexes'],
  Commercial: ['Office Building', 'Business Park', 'Medical Centre', 'Office Tower'],
  'Mixed Use': ['Mixed-Use Precinct', 'Apartments and Retail', 'Tower'],
  Industrial: ['Warehouses', 'Logistics Hub', 'Industrial Estate', 'Self Storage'],
  Retail: ['Shopping Centre', 'Retail Strip', 'Neighbourhood Centre'],
};
export const PERMITS_BY_STAGE = {
  Planning: [
    ['Not Started', 35],
    ['In Progress', 40],
    ['Submitted', 25],
  ],
  'Pre-Construction': [
    ['Submitted', 20],
    ['Approved', 50],
    ['Approved with Conditions', 30],
  ],
  Construction: [
    ['Approved', 65],
    ['Approved with Conditions', 35],
  ],
  'Near Completion': [
    ['Approved', 70],
    ['Approved with Conditions', 30],
  ],
};
/** Listing states: published (on the market) and the others a developer's list holds. */
export const LISTING_STATES = [
  ['published', 85],
  ['draft', 7],
  ['payment_pending', 4],
  ['rejected', 4],
];
export const ACCESS_STATUSES = [
  ['pending', 30],
  ['approved', 15],
  ['declined', 25],
  ['due_diligence', 10],
  ['term_sheet', 7],
  ['funded', 5],
  ['closed', 8],
];
export const FOCUSES = [
  ['Residential Development', 40],
  ['Commercial Development', 15],
  ['Mixed-Use Development', 15],
  ['Industrial Development', 10],
  ['All Property Types', 20],
];
export const FUNDER_TYPES = [
  'Private Credit Fund',
  'Family Office',
  'Non-Bank Lender',
  'High Net Worth Individual',
];
export const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Leo',
];
export const LAST_NAMES = [
  'Smith',
  'Nguyen',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Singh',
  'Chen',
  'Kelly',
  'Martin',
];
