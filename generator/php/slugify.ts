// URLify 1.1.3 `filter` as Typemill calls it: transliterate, strip, hyphenate, cut at 60 bytes
// (docs/typemill.md: Slugs are made as URLify 1.1.3 makes them).

const TRANSLITERATION_MAPS: ReadonlyArray<readonly [string, string]> = [
  ['de', 'Ä=Ae Ö=Oe Ü=Ue ä=ae ö=oe ü=ue ß=ss ẞ=SS'],
  [
    'latin',
    'À=A Á=A Â=A Ã=A Ä=A Å=A Ă=A Æ=AE Ç=C È=E É=E Ê=E Ë=E Ì=I Í=I Î=I Ï=I Ð=D Ñ=N Ò=O Ó=O Ô=O Õ=O Ö=O Ő=O Ø=O Œ=OE Ș=S Ț=T Ù=U Ú=U Û=U Ü=U Ű=U Ý=Y Þ=TH ß=ss à=a á=a â=a ã=a ä=a å=a ă=a æ=ae ç=c è=e é=e ê=e ë=e ì=i í=i î=i ï=i ð=d ñ=n ò=o ó=o ô=o õ=o ö=o ő=o ø=o œ=oe ș=s ț=t ù=u ú=u û=u ü=u ű=u ý=y þ=th ÿ=y',
  ],
  ['latin_symbols', '©=(c)'],
  [
    'el',
    'α=a β=b γ=g δ=d ε=e ζ=z η=h θ=8 ι=i κ=k λ=l μ=m ν=n ξ=3 ο=o π=p ρ=r σ=s τ=t υ=y φ=f χ=x ψ=ps ω=w ά=a έ=e ί=i ό=o ύ=y ή=h ώ=w ς=s ϊ=i ΰ=y ϋ=y ΐ=i Α=A Β=B Γ=G Δ=D Ε=E Ζ=Z Η=H Θ=8 Ι=I Κ=K Λ=L Μ=M Ν=N Ξ=3 Ο=O Π=P Ρ=R Σ=S Τ=T Υ=Y Φ=F Χ=X Ψ=PS Ω=W Ά=A Έ=E Ί=I Ό=O Ύ=Y Ή=H Ώ=W Ϊ=I Ϋ=Y',
  ],
  ['tr', 'ş=s Ş=S ı=i İ=I ç=c Ç=C ü=u Ü=U ö=o Ö=O ğ=g Ğ=G'],
  [
    'bg',
    'Щ=Sht Ш=Sh Ч=Ch Ц=C Ю=Yu Я=Ya Ж=J А=A Б=B В=V Г=G Д=D Е=E З=Z И=I Й=Y К=K Л=L М=M Н=N О=O П=P Р=R С=S Т=T У=U Ф=F Х=H Ь= Ъ=A щ=sht ш=sh ч=ch ц=c ю=yu я=ya ж=j а=a б=b в=v г=g д=d е=e з=z и=i й=y к=k л=l м=m н=n о=o п=p р=r с=s т=t у=u ф=f х=h ь= ъ=a',
  ],
  [
    'ru',
    'а=a б=b в=v г=g д=d е=e ё=yo ж=zh з=z и=i й=i к=k л=l м=m н=n о=o п=p р=r с=s т=t у=u ф=f х=h ц=c ч=ch ш=sh щ=sh ъ= ы=y ь= э=e ю=yu я=ya А=A Б=B В=V Г=G Д=D Е=E Ё=Yo Ж=Zh З=Z И=I Й=I К=K Л=L М=M Н=N О=O П=P Р=R С=S Т=T У=U Ф=F Х=H Ц=C Ч=Ch Ш=Sh Щ=Sh Ъ= Ы=Y Ь= Э=E Ю=Yu Я=Ya №=',
  ],
  ['uk', 'Є=Ye І=I Ї=Yi Ґ=G є=ye і=i ї=yi ґ=g'],
  ['kk', 'Ә=A Ғ=G Қ=Q Ң=N Ө=O Ұ=U Ү=U Һ=H ә=a ғ=g қ=q ң=n ө=o ұ=u ү=u һ=h'],
  ['cs', 'č=c ď=d ě=e ň=n ř=r š=s ť=t ů=u ž=z Č=C Ď=D Ě=E Ň=N Ř=R Š=S Ť=T Ů=U Ž=Z'],
  ['pl', 'ą=a ć=c ę=e ł=l ń=n ó=o ś=s ź=z ż=z Ą=A Ć=C Ę=e Ł=L Ń=N Ó=O Ś=S Ź=Z Ż=Z'],
  ['ro', 'ă=a â=a î=i ș=s ț=t Ţ=T ţ=t'],
  ['lv', 'ā=a č=c ē=e ģ=g ī=i ķ=k ļ=l ņ=n š=s ū=u ž=z Ā=A Č=C Ē=E Ģ=G Ī=i Ķ=k Ļ=L Ņ=N Š=S Ū=u Ž=Z'],
  ['lt', 'ą=a č=c ę=e ė=e į=i š=s ų=u ū=u ž=z Ą=A Č=C Ę=E Ė=E Į=I Š=S Ų=U Ū=U Ž=Z'],
  ['vi', vietnameseMap()],
  [
    'ar',
    'أ=a ب=b ت=t ث=th ج=g ح=h خ=kh د=d ذ=th ر=r ز=z س=s ش=sh ص=s ض=d ط=t ظ=th ع=aa غ=gh ف=f ق=k ك=k ل=l م=m ن=n ه=h و=o ي=y ا=a إ=a آ=a ؤ=o ئ=y ء=aa ' +
      digitMap('٠'),
  ],
  ['fa', 'گ=g ژ=j پ=p چ=ch ی=y ک=k ' + digitMap('۰')],
  ['sr', 'ђ=dj ј=j љ=lj њ=nj ћ=c џ=dz đ=dj Ђ=Dj Ј=j Љ=Lj Њ=Nj Ћ=C Џ=Dz Đ=Dj'],
  ['az', 'ç=c ə=e ğ=g ı=i ö=o ş=s ü=u Ç=C Ə=E Ğ=G İ=I Ö=O Ş=S Ü=U'],
  ['sk', 'ĺ=l ľ=l ŕ=r'],
];

function vietnameseMap(): string {
  const families: Array<[string, string]> = [
    ['A', 'ÁÀẢÃẠĂẮẰẲẴẶÂẤẦẨẪẬ'],
    ['a', 'áàảãạăắằẳẵặâấầẩẫậ'],
    ['E', 'ÉÈẺẼẸÊẾỀỂỄỆ'],
    ['e', 'éèẻẽẹêếềểễệ'],
    ['I', 'ÍÌỈĨỊ'],
    ['i', 'íìỉĩị'],
    ['O', 'ÓÒỎÕỌÔỐỒỔỖỘƠỚỜỞỠỢ'],
    ['o', 'óòỏõọôốồổỗộơớờởỡợ'],
    ['U', 'ÚÙỦŨỤƯỨỪỬỮỰ'],
    ['u', 'úùủũụưứừửữự'],
    ['Y', 'ÝỲỶỸỴ'],
    ['y', 'ýỳỷỹỵ'],
  ];
  const pairs = families.flatMap(([base, letters]) => [...letters].map((letter) => `${letter}=${base}`));
  return [...pairs, 'Đ=D', 'đ=d'].join(' ');
}

function digitMap(zero: string): string {
  const start = zero.codePointAt(0) ?? 0;
  return Array.from({ length: 10 }, (_, digit) => `${String.fromCodePoint(start + digit)}=${digit}`).join(' ');
}

function parseMap(spec: string): Array<[string, string]> {
  return spec.split(' ').map((pair) => {
    const separator = pair.indexOf('=', 1);
    return [pair.slice(0, separator), pair.slice(separator + 1)];
  });
}

const NOT_ASCII = /[^\x00-\x7F]/;

const mergedMaps = new Map<string, Map<string, string>>();

/** Later maps override earlier ones; the map named by the language moves to the end so it wins. */
function transliterationFor(language: string): Map<string, string> {
  const cached = mergedMaps.get(language);
  if (cached) return cached;
  const ordered = [
    ...TRANSLITERATION_MAPS.filter(([name]) => name !== language),
    ...TRANSLITERATION_MAPS.filter(([name]) => name === language),
  ];
  const merged = new Map<string, string>();
  for (const [, spec] of ordered) for (const [from, to] of parseMap(spec)) merged.set(from, to);
  mergedMaps.set(language, merged);
  return merged;
}

/** URLify::filter(text, 60, language): `Äpfel & Birnen` → `apfel-birnen` (en), `aepfel-birnen` (de). */
export function slugify(text: string, language: string): string {
  let transliterated = text;
  // every character the maps replace is outside ASCII
  if (NOT_ASCII.test(text)) {
    const map = transliterationFor(language);
    transliterated = '';
    for (const character of text) transliterated += map.get(character) ?? character;
  }
  const slug = transliterated
    .replace(/[^\s_\-a-zA-Z0-9]/gu, '')
    .replace(/_/g, ' ')
    .replace(/^\s+|\s+$/gu, '')
    .replace(/[-\s]+/gu, '-')
    .toLowerCase();
  return trimHyphens(slug.slice(0, 60));
}

function trimHyphens(value: string): string {
  return value.replace(/^-+|-+$/g, '');
}
