/** Words the demo shop is made of: names, places and products a user recognises at a glance. */

export const firstNames: readonly string[] = (
  'Emma Liam Olivia Noah Ava Lucas Mia Leo Sofia Hugo Chloe Louis Lea Gabriel Alice Arthur Julia ' +
  'Adam Clara Jules Anna Paul Nina Tom Sarah Max Laura Ben Eva Felix Hannah Jonas Lena Elias Marie ' +
  'David Grace Samuel Zoe Daniel Ines Mateo Lucia Diego Carmen Pablo Elena Marco Giulia Luca Sara ' +
  'Kenji Yuki Aiko Ravi Priya Omar Layla Ethan Isla Jack Ruby Oscar Freya'
).split(' ');

export const lastNames: readonly string[] = (
  'Smith Johnson Brown Taylor Wilson Martin Bernard Dubois Thomas Robert Richard Petit Durand ' +
  'Leroy Moreau Simon Laurent Lefebvre Michel Garcia Muller Schmidt Schneider Fischer Weber Meyer ' +
  'Wagner Becker Rossi Russo Ferrari Esposito Bianchi Romano Lopez Gonzalez Rodriguez Fernandez ' +
  'Sanchez Perez Tanaka Suzuki Sato Patel Sharma Khan Nguyen Kim Lee Clark Walker Young Hall Allen ' +
  'King Wright Scott Green Baker Adams'
).split(' ');

export const emailDomains = [
  'example.com',
  'mail.example.org',
  'inbox.example.net',
  'post.example.com',
] as const;

/** ISO 3166-1 alpha-2 codes with a few cities, weighted by how many customers live there. */
export const countries: readonly (readonly [code: string, cities: readonly string[], weight: number])[] = [
  ['US', ['New York', 'Chicago', 'Austin', 'Seattle', 'Boston', 'Denver'], 30],
  ['GB', ['London', 'Manchester', 'Bristol', 'Leeds', 'Edinburgh'], 14],
  ['FR', ['Paris', 'Lyon', 'Marseille', 'Lille', 'Nantes', 'Bordeaux'], 14],
  ['DE', ['Berlin', 'Hamburg', 'Munich', 'Cologne', 'Leipzig'], 12],
  ['ES', ['Madrid', 'Barcelona', 'Valencia', 'Seville'], 7],
  ['IT', ['Rome', 'Milan', 'Turin', 'Naples', 'Bologna'], 7],
  ['NL', ['Amsterdam', 'Rotterdam', 'Utrecht'], 4],
  ['BE', ['Brussels', 'Antwerp', 'Ghent'], 3],
  ['CA', ['Toronto', 'Montreal', 'Vancouver'], 5],
  ['JP', ['Tokyo', 'Osaka', 'Kyoto'], 3],
  ['IN', ['Mumbai', 'Bengaluru', 'Delhi'], 3],
  ['BR', ['Sao Paulo', 'Rio de Janeiro'], 2],
  ['AU', ['Sydney', 'Melbourne'], 2],
];

/**
 * Country codes as careless forms and imports write them: the data-quality flaw a user may find
 * by grouping customers by country.
 */
export const badCountryCodes = ['UK', 'USA', 'fr', 'Deutschland', 'XX', 'U.S.', 'gb '] as const;

/** Categories with the nouns and price range of their products. */
export const categories: readonly (readonly [
  name: string,
  nouns: readonly string[],
  minPrice: number,
  maxPrice: number,
])[] = [
  ['Electronics', ['Headphones', 'Speaker', 'Charger', 'Keyboard', 'Mouse', 'Webcam', 'Power Bank'], 15, 350],
  ['Home & Kitchen', ['Kettle', 'Knife Set', 'Cutting Board', 'Coffee Grinder', 'Toaster', 'Pan'], 8, 180],
  ['Books', ['Cookbook', 'Novel', 'Travel Guide', 'Notebook', 'Atlas', 'Poetry Collection'], 6, 45],
  ['Clothing', ['T-Shirt', 'Hoodie', 'Jacket', 'Scarf', 'Jeans', 'Sweater'], 12, 160],
  ['Shoes', ['Sneakers', 'Boots', 'Sandals', 'Loafers', 'Running Shoes'], 25, 190],
  ['Sports & Outdoors', ['Yoga Mat', 'Water Bottle', 'Backpack', 'Tent', 'Dumbbells', 'Bike Light'], 9, 260],
  ['Beauty', ['Face Cream', 'Shampoo', 'Perfume', 'Lip Balm', 'Hair Dryer'], 5, 120],
  ['Toys & Games', ['Puzzle', 'Board Game', 'Building Blocks', 'Plush Bear', 'Card Game'], 7, 90],
  ['Garden', ['Watering Can', 'Pruning Shears', 'Planter', 'Garden Hose', 'Seed Kit'], 6, 140],
  ['Office', ['Desk Lamp', 'Fountain Pen', 'Stapler', 'Desk Organizer', 'Monitor Stand'], 4, 150],
  ['Pet Supplies', ['Dog Leash', 'Cat Tree', 'Pet Bed', 'Food Bowl', 'Chew Toy'], 5, 130],
  ['Grocery', ['Olive Oil', 'Green Tea', 'Dark Chocolate', 'Coffee Beans', 'Honey'], 3, 40],
];

export const productAdjectives: readonly string[] = (
  'Classic Compact Deluxe Eco Everyday Premium Pro Smart Urban Vintage Wireless Essential Nordic ' +
  'Organic Travel Ultra'
).split(' ');

export const orderStatuses = ['delivered', 'shipped', 'processing', 'cancelled', 'returned'] as const;
