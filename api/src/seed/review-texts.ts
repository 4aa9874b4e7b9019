/**
 * What the demo's shoppers write (docs/decisions/0053-demo-seed.md): a review is an opening for its rating, a sentence
 * about that kind of product, now and then who it was for, and a closing, so thousands of reviews rarely say the
 * same thing twice. English and Hindi.
 */
export type ReviewTopic =
  'book' | 'audio' | 'toy' | 'clothing' | 'watch' | 'smartwatch' | 'food' | 'cookware' | 'storage' | 'care' | 'notebook' | 'pen' | 'general';
type Mood = 'good' | 'mixed' | 'bad';

interface Texts {
  openings: Record<number, string[]>;
  details: Partial<Record<ReviewTopic, Record<Mood, string[]>>> & { general: Record<Mood, string[]> };
  asides: string[];
  closings: Record<Mood, string[]>;
}

const EN: Texts = {
  openings: {
    5: [
      'Excellent!',
      'Loved it.',
      'Totally worth the money.',
      'Very happy with this purchase.',
      'Five stars from me.',
      'Superb quality.',
      'Better than I expected.',
      'Just what I wanted.',
      'Really good product.',
      'Amazing value.',
    ],
    4: [
      'Good product.',
      'Happy with it overall.',
      'Nice, does the job well.',
      'Pretty good for the price.',
      'Quite satisfied.',
      'Good buy.',
      'Works well so far.',
      'Decent quality, no complaints.',
      'Mostly happy.',
      'Solid choice.',
    ],
    3: [
      'It is okay.',
      'Average.',
      'Not bad, not great.',
      'Okay for the price.',
      'Mixed feelings.',
      'Does the job, nothing special.',
      'Fine for daily use.',
      'Expected a bit more.',
    ],
    2: [
      'Not very happy.',
      'Below expectations.',
      'Disappointed.',
      'Could have been much better.',
      'Not worth the price.',
      'Quality is not good.',
      'Would not buy again.',
    ],
    1: ['Very poor.', 'Waste of money.', 'Really disappointed.', 'Do not buy.', 'Terrible experience.', 'Stopped working far too soon.', 'Not as described.'],
  },
  details: {
    general: {
      good: [
        'Arrived well packed and on time.',
        'Exactly as shown in the pictures.',
        'Quality feels premium.',
        'Using it every day without any issue.',
        'Delivery was quick and the box was sealed.',
        'Looks even better in person.',
      ],
      mixed: [
        'Delivery took longer than promised.',
        'Quality is fine but the packing was weak.',
        'Looks a little different from the photos.',
        'Works, but I expected better finish at this price.',
        'Good enough, though there are better options.',
      ],
      bad: [
        'The box was damaged when it arrived.',
        'Quality is much poorer than the photos suggest.',
        'Started giving trouble within two weeks.',
        'Nothing like what the description says.',
        'Had to ask for a return.',
      ],
    },
    book: {
      good: [
        'Could not put it down, finished it in two days.',
        'Paper and print quality are very good.',
        'The story stays with you long after.',
        'Simple language and a gripping plot.',
        'Well written and well edited.',
        'Chapters are short and easy to follow.',
      ],
      mixed: [
        'The first half is slow but it picks up later.',
        'Print is a little small for my eyes.',
        'Good ideas but too long in places.',
        'The ending felt rushed.',
      ],
      bad: ['A few pages were printed faintly.', 'The binding came loose after one read.', 'Found the story very predictable.', 'Too many printing mistakes.'],
    },
    audio: {
      good: [
        'Sound is clear and the bass is punchy.',
        'Battery easily lasts a full day.',
        'Pairs with my phone instantly.',
        'Calls are clear even on the road.',
        'Fits well and stays in during my morning run.',
        'Charges fast with the type-C cable.',
      ],
      mixed: [
        'Sound is good but the bass is a bit heavy.',
        'Battery is fine, not what the box claims.',
        'Mic is average on calls outside.',
        'Slight delay when watching videos.',
      ],
      bad: ['Left side stopped working after a month.', 'Connection keeps dropping.', 'Sound is tinny at full volume.', 'Battery drains within three hours.'],
    },
    toy: {
      good: [
        'My son plays with it every evening.',
        'Sturdy, safe and the colours are bright.',
        'Kept the kids busy all weekend.',
        'Pieces are well made with no sharp edges.',
        'Great gift for a birthday.',
      ],
      mixed: ['Kids liked it but lost interest in a week.', 'Some parts feel a little flimsy.', 'Instructions could be clearer.', 'Smaller than I imagined.'],
      bad: ['One piece broke on the first day.', 'Paint started peeling off.', 'Parts were missing in the box.', 'Much smaller than shown.'],
    },
    clothing: {
      good: [
        'Fabric is soft and comfortable.',
        'Fits true to size.',
        'Colour has not faded after many washes.',
        'Stitching is neat and strong.',
        'Got many compliments wearing it.',
        'Perfect for the summer heat.',
      ],
      mixed: [
        'Runs slightly small, order one size up.',
        'Colour is a shade darker than the photo.',
        'Fabric is fine but a bit thin.',
        'Shrank a little after the first wash.',
      ],
      bad: ['Colour ran in the first wash.', 'Fit is nothing like the size chart.', 'Threads came out within a week.', 'Fabric feels cheap and rough.'],
    },
    watch: {
      good: [
        'Looks elegant on the wrist.',
        'Strap is comfortable for the whole day.',
        'Keeps perfect time.',
        'Dial is easy to read at a glance.',
        'Looks far more expensive than it is.',
      ],
      mixed: ['Strap is a bit stiff at first.', 'Dial is smaller than I thought.', 'The buckle feels cheap.', 'Glass picks up fingerprints easily.'],
      bad: ['Stopped working after a month.', 'Glass scratched very easily.', 'Strap broke within weeks.', 'Loses a few minutes every day.'],
    },
    smartwatch: {
      good: [
        'Display is bright even in the sun.',
        'Step and sleep tracking are accurate enough for me.',
        'Battery lasts close to a week.',
        'Notifications come through without delay.',
        'Strap is comfortable for the whole day.',
      ],
      mixed: [
        'The app needs some getting used to.',
        'Heart rate readings jump around sometimes.',
        'Battery is less than claimed with calling on.',
        'Strap is a bit stiff at first.',
      ],
      bad: ['Stopped syncing with my phone after a week.', 'Screen cracked within a month.', 'Battery barely lasts a day.', 'Step count is way off.'],
    },
    food: {
      good: [
        'Fresh and tasty, just like from the shop.',
        'Perfect with evening chai.',
        'The whole family loved it.',
        'Crispy and not too oily.',
        'Long expiry date and good packing.',
        'Taste is exactly right.',
      ],
      mixed: ['Taste is fine but a bit too salty.', 'Packet was half air.', 'Good but I have had fresher.', 'A little too sweet for me.'],
      bad: ['Tasted stale.', 'Packet arrived torn.', 'Close to its expiry date when it came.', 'Far too oily.'],
    },
    cookware: {
      good: [
        'Heats evenly and is easy to clean.',
        'Sturdy build, feels like it will last years.',
        'Lid fits tightly.',
        'Works on both gas and induction.',
        'Food does not stick at all.',
      ],
      mixed: ['Handle gets hot while cooking.', 'Good quality but a little heavy.', 'Coating looks delicate.', 'Smaller than I expected.'],
      bad: ['Coating came off within weeks.', 'Lid does not fit properly.', 'Base warped after a few uses.', 'Got a dent in the first week.'],
    },
    storage: {
      good: [
        'Does not leak at all, even in my bag.',
        'Keeps things fresh for days.',
        'Easy to wash and no smell stays.',
        'Sturdy and the lid clicks shut firmly.',
        'Just the right size for office.',
      ],
      mixed: ['Lid is a bit hard to open.', 'Smaller than I expected.', 'Good but picks up stains from curries.', 'Fine, though the finish is plain.'],
      bad: ['It leaks from the side.', 'Lid cracked within a week.', 'Plastic smell does not go away.', 'Does not keep anything hot or cold.'],
    },
    care: {
      good: [
        'Suits me well, no irritation.',
        'Pleasant smell that is not too strong.',
        'A little goes a long way.',
        'Gentle enough for daily use.',
        'Visible difference within two weeks.',
      ],
      mixed: [
        'Works, but the results are slow.',
        'Fragrance is a bit strong for me.',
        'Fine, but the bottle is small for the price.',
        'Texture is a little sticky.',
      ],
      bad: ['Caused a rash.', 'Made no difference at all.', 'Smell is unpleasant.', 'Seal was broken on arrival.'],
    },
    notebook: {
      good: [
        'Paper is thick, ink does not bleed through.',
        'Neat binding and a nice cover.',
        'Good for school and office both.',
        'Pages are smooth to write on.',
        'My daughter loves using it.',
      ],
      mixed: ['Pages are thinner than I hoped.', 'Fine for rough work.', 'Cover bends easily.', 'Ruling is a little faint.'],
      bad: ['Pages tear out too easily.', 'Binding came apart in a week.', 'Ink bleeds through every page.', 'Several pages were blank of lines.'],
    },
    pen: {
      good: [
        'Writes smoothly without smudging.',
        'Comfortable grip for long exams.',
        'Good for school and office both.',
        'Lasts much longer than others I have used.',
        'My daughter loves using them.',
      ],
      mixed: ['Ink dries out a bit fast.', 'Tip is a little scratchy.', 'Fine for rough work.', 'Cap does not close tightly.'],
      bad: ['Stopped writing in a day.', 'Ink smudges everywhere.', 'Half of them were broken.', 'Leaked in my pencil box.'],
    },
  },
  asides: [
    'Bought it for my father.',
    'Got it as a gift for my sister.',
    'Ordered it for my kids.',
    'This was my second order of it.',
    'My wife chose it.',
    'Ordered during the festive sale.',
    'Bought it for my hostel room.',
    'Picked it for my parents.',
    'Got it for a friend’s birthday.',
    'Using it at the office.',
    'Ordered it on my mother’s advice.',
    'Bought two, one for my brother.',
  ],
  closings: {
    good: [
      'Highly recommended.',
      'Will order again.',
      'Go for it.',
      'Thank you, Haat.',
      'Value for money.',
      'Would recommend to friends.',
      'Worth every rupee.',
    ],
    mixed: [
      'Okay if you get it on a discount.',
      'Think before you buy.',
      'Might try another brand next time.',
      'Fine for the price.',
      'Not sure I would order again.',
    ],
    bad: ['Returned it.', 'Please improve quality.', 'Not recommended.', 'Expected much better.', 'Look elsewhere.'],
  },
};

const HI: Texts = {
  openings: {
    5: ['बहुत बढ़िया!', 'शानदार प्रोडक्ट।', 'पैसा वसूल।', 'एकदम उम्मीद के मुताबिक।', 'बहुत पसंद आया।', 'क्वालिटी बहुत अच्छी है।'],
    4: ['अच्छा प्रोडक्ट है।', 'कुल मिलाकर ठीक-ठाक से बेहतर।', 'दाम के हिसाब से अच्छा।', 'संतुष्ट हूँ।', 'अच्छी खरीद रही।'],
    3: ['ठीक-ठाक है।', 'औसत है।', 'चलेगा, कुछ खास नहीं।', 'थोड़ी और उम्मीद थी।'],
    2: ['ज़्यादा पसंद नहीं आया।', 'उम्मीद से कम।', 'दाम के लायक नहीं।', 'क्वालिटी ठीक नहीं है।'],
    1: ['बहुत खराब।', 'पैसे बर्बाद।', 'बिल्कुल मत खरीदिए।', 'बहुत निराश हूँ।'],
  },
  details: {
    general: {
      good: ['समय पर और अच्छी पैकिंग में आया।', 'फोटो में जैसा दिखा, वैसा ही है।', 'रोज़ इस्तेमाल कर रहे हैं, कोई दिक्कत नहीं।', 'डिलीवरी जल्दी हुई।', 'घर में सबको पसंद आया।'],
      mixed: ['डिलीवरी में देर हुई।', 'पैकिंग थोड़ी कमज़ोर थी।', 'फोटो से थोड़ा अलग दिखता है।', 'इस दाम में फ़िनिशिंग और अच्छी होनी चाहिए थी।'],
      bad: ['डिब्बा टूटा हुआ आया।', 'दो हफ़्ते में ही खराब हो गया।', 'जैसा लिखा था, वैसा बिल्कुल नहीं है।', 'वापस करना पड़ा।'],
    },
    book: {
      good: ['कहानी ने बाँधे रखा, दो दिन में पूरी पढ़ ली।', 'छपाई और कागज़ दोनों अच्छे हैं।', 'भाषा सरल है।'],
      mixed: ['शुरुआत धीमी है।', 'अक्षर थोड़े छोटे हैं।'],
      bad: ['कुछ पन्ने धुंधले छपे हैं।', 'जिल्द पहली बार में ही ढीली हो गई।'],
    },
    audio: {
      good: ['आवाज़ साफ़ है और बेस दमदार।', 'बैटरी पूरा दिन चलती है।', 'फ़ोन से तुरंत जुड़ जाता है।'],
      mixed: ['बैटरी ठीक है, डिब्बे पर लिखे जितनी नहीं।', 'कॉल पर माइक औसत है।'],
      bad: ['एक महीने में एक तरफ़ की आवाज़ बंद हो गई।', 'कनेक्शन बार-बार टूटता है।'],
    },
    clothing: {
      good: ['कपड़ा मुलायम और आरामदायक है।', 'साइज़ बिल्कुल सही है।', 'धोने के बाद भी रंग नहीं उतरा।'],
      mixed: ['थोड़ा छोटा है, एक साइज़ बड़ा लें।', 'कपड़ा थोड़ा पतला है।'],
      bad: ['पहली धुलाई में रंग निकल गया।', 'सिलाई एक हफ़्ते में उधड़ गई।'],
    },
    food: {
      good: ['ताज़ा और स्वादिष्ट है।', 'शाम की चाय के साथ एकदम सही।', 'बच्चों को बहुत पसंद आया।'],
      mixed: ['स्वाद ठीक है, थोड़ा ज़्यादा नमक है।', 'पैकेट में आधी हवा थी।'],
      bad: ['बासी लगा।', 'पैकेट फटा हुआ आया।'],
    },
    cookware: {
      good: ['बराबर गरम होता है और साफ़ करना आसान है।', 'मज़बूत है, सालों चलेगा।'],
      mixed: ['हैंडल गरम हो जाता है।', 'थोड़ा भारी है।'],
      bad: ['कोटिंग कुछ हफ़्तों में उतर गई।', 'ढक्कन ठीक से नहीं बैठता।'],
    },
  },
  asides: ['पापा के लिए लिया था।', 'बहन को तोहफ़े में दिया।', 'बच्चों के लिए मँगवाया।', 'दूसरी बार मँगवाया है।', 'त्योहार की सेल में लिया।', 'माँ के कहने पर मँगवाया।'],
  closings: {
    good: ['ज़रूर खरीदें।', 'फिर से मँगवाऊँगा।', 'दोस्तों को भी बताऊँगी।', 'धन्यवाद Haat।'],
    mixed: ['छूट में मिले तो ले सकते हैं।', 'सोच-समझकर खरीदें।', 'अगली बार दूसरा ब्रांड देखूँगा।'],
    bad: ['वापस कर दिया।', 'क्वालिटी सुधारिए।', 'सलाह नहीं दूँगा।'],
  },
};

export const REVIEW_TEXTS: Record<'en-IN' | 'hi-IN', Texts> = { 'en-IN': EN, 'hi-IN': HI };
