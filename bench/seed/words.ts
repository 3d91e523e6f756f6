/**
 * The vocabulary of the seeded site. Each video has a topic; most words of its title and
 * description come from that topic (the first words of a list are the most frequent), the rest
 * from the general list. So "pasta recipe" finds cooking videos, "guitar" finds music, and a
 * typo such as "moutain" has real titles to be near. Lists are space-separated to stay short.
 */
const list = (words: string): readonly string[] => words.split(' ');

/** Ten topics of 40 words each (the seeder relies on every topic having the same length). */
export const topics: Record<string, readonly string[]> = {
  cooking: list(
    'recipe pasta easy bread sourdough chicken curry kitchen soup dinner breakfast cake ' +
      'chocolate vegan healthy homemade pizza noodles ramen salad dessert cookies grill ' +
      'barbecue lunch spicy sushi dough sauce garlic tomato cheese baking oven knife meal prep ' +
      'quick pancakes coffee',
  ),
  travel: list(
    'travel guide mountain city hiking beach trip island road camping trail japan tokyo italy ' +
      'paris lisbon iceland norway desert lake river sunset sunrise village market train flight ' +
      'backpacking hostel budget vanlife airport streets food tour walk coast valley canyon ' +
      'festival',
  ),
  music: list(
    'guitar piano lesson cover song drums chords acoustic jazz bass blues rock synth beat ' +
      'lofi studio producer mixing mastering melody scales vocals live concert orchestra violin ' +
      'ukulele riff solo loop ambient metal album vinyl remix tempo harmony cello choir ' +
      'playlist',
  ),
  gaming: list(
    'gameplay walkthrough speedrun boss level strategy puzzle multiplayer ranked retro indie ' +
      'survival dungeon quest raid loot platformer shooter racing tournament console sandbox ' +
      'crafting tier patch glitch highlights stream controller esports arcade pixel rpg mods ' +
      'co-op lore ending secret noob clutch',
  ),
  tech: list(
    'review setup laptop phone linux programming unboxing python javascript rust database ' +
      'server cloud docker tutorial desk keyboard code debugging performance benchmark battery ' +
      'camera monitor gpu cpu smart network router security privacy backup storage opensource ' +
      'terminal vim homelab raspberry compiler kubernetes',
  ),
  fitness: list(
    'workout yoga running training strength stretching minutes beginner home routine cardio ' +
      'hiit mobility marathon pushups squats deadlift core abs morning gym cycling swimming ' +
      'recovery nutrition protein plan posture balance endurance sprint climbing bouldering ' +
      'pilates meditation breathing kettlebell rowing calisthenics stamina',
  ),
  nature: list(
    'nature forest wildlife birds ocean mountains waterfall rain storm snow winter autumn ' +
      'garden flowers trees bees butterflies foxes wolves deer owls timelapse documentary ' +
      'sounds relaxing night stars aurora volcano coral reef jungle clouds whales insects ' +
      'meadow moss tide glacier spring',
  ),
  science: list(
    'science explained physics space chemistry biology experiment math planets rockets ' +
      'telescope quantum energy climate electricity magnets atoms cells evolution brain memory ' +
      'universe galaxy moon mars gravity light waves lab microscope engineering bridge robots ' +
      'neural statistics lecture theory fusion genetics geology',
  ),
  diy: list(
    'diy woodworking workshop tools repair build furniture restoration table shelf chair ' +
      'painting drawing sketch watercolor pottery clay sewing knitting crochet leather welding ' +
      'electronics arduino soldering printing plants renovation bathroom tiles paint wall lamp ' +
      'bike engine maintenance upcycling cabinet lathe carving',
  ),
  sports: list(
    'football highlights basketball tennis match goals skateboarding surfing golf ' +
      'snowboarding skiing chess drills tactics analysis coach team season league final ' +
      'championship cup olympics record boxing wrestling skills tricks practice rookie legend ' +
      'stadium penalty derby volleyball baseball hockey rugby cricket badminton',
  ),
};

/** Words of any topic: the glue of titles ("how to", "best", "part two"). */
export const generalWords = list(
  'how to the my best first new guide tips in for with and of a day week year vlog part ' +
    'episode simple ultimate complete minutes hours why what you should never every series full ' +
    'short update behind scenes reaction beginners pro mistakes secrets honest top things ways ' +
    'ideas before after again finally really learned small big little old world today weekend ' +
    'challenge test versus journey story lessons from scratch home alone friends family ' +
    'together morning evening calm fast slow perfect cheap expensive worth it or not we tried ' +
    'made found built ranked one two three five ten hundred without about life time real most ' +
    'underrated favorite classic modern essential advanced',
);

export const firstNames = list(
  'maria james ana li wei fatima omar sofia lucas emma noah olivia liam amara chen yuki hana ' +
    'ravi priya arjun sara david elena ivan nina pablo lucia mateo ines jonas lena felix mila ' +
    'oskar freya kofi ama tunde zara leila amir nadia hugo chloe leo ella max ida erik astrid ' +
    'diego carmen jin min seo aiko kenji mei tomas eva',
);

export const lastNames = list(
  'silva smith garcia wang kim nguyen patel khan muller rossi dubois novak ivanova santos ' +
    'costa berg larsen jensen okafor mensah adeyemi haddad nasser cohen tanaka sato suzuki park ' +
    'lee chen singh sharma lopez martin moreau weber fischer kowalski horvat popescu nagy ' +
    'ferreira romero torres reyes diaz morales ortiz brown wilson taylor clark walker young ' +
    'hill wright scott green baker hall',
);
