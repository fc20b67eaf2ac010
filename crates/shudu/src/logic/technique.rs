//! The technique registry: every rung of the ladder, with its names, HoDoKu code, family, level and score, in one
//! table (the order, levels and scores of HoDoKu 2.2, as listed in the project's TECHNIQUES.md).

use core::fmt;

use super::Lang;

/// A solving technique. The order of the variants is the ladder's default order.
///
/// ```
/// use shudu::logic::{Level, Technique};
/// let t = Technique::HiddenSingle;
/// assert_eq!(t.name(), "Hidden Single");
/// assert_eq!(t.info().code, "0002");
/// assert_eq!(t.info().level, Level::Easy);
/// assert_eq!(Technique::from_arg("n2"), Some(Technique::NakedPair));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Technique {
    /// Full House.
    FullHouse,
    /// Naked Single.
    NakedSingle,
    /// Hidden Single.
    HiddenSingle,
    /// Locked Pair.
    LockedPair,
    /// Locked Triple.
    LockedTriple,
    /// Locked Candidates Type 1 (Pointing).
    LockedCandidatesPointing,
    /// Locked Candidates Type 2 (Claiming).
    LockedCandidatesClaiming,
    /// Naked Pair.
    NakedPair,
    /// Naked Triple.
    NakedTriple,
    /// Hidden Pair.
    HiddenPair,
    /// Hidden Triple.
    HiddenTriple,
    /// Naked Quadruple.
    NakedQuadruple,
    /// Hidden Quadruple.
    HiddenQuadruple,
    /// X-Wing.
    XWing,
    /// Swordfish.
    Swordfish,
    /// Jellyfish.
    Jellyfish,
    /// Squirmbag.
    Squirmbag,
    /// Whale.
    Whale,
    /// Leviathan.
    Leviathan,
    /// Remote Pair.
    RemotePair,
    /// Bivalue Universal Grave + 1.
    BugPlusOne,
    /// Skyscraper.
    Skyscraper,
    /// 2-String Kite.
    TwoStringKite,
    /// Turbot Fish.
    TurbotFish,
    /// Empty Rectangle.
    EmptyRectangle,
    /// W-Wing.
    WWing,
    /// XY-Wing.
    XYWing,
    /// XYZ-Wing.
    XYZWing,
    /// WXYZ-Wing (not in HoDoKu).
    WXYZWing,
    /// Uniqueness Test 1.
    UniqueRectangleType1,
    /// Uniqueness Test 2.
    UniqueRectangleType2,
    /// Uniqueness Test 3.
    UniqueRectangleType3,
    /// Uniqueness Test 4.
    UniqueRectangleType4,
    /// Uniqueness Test 5.
    UniqueRectangleType5,
    /// Uniqueness Test 6.
    UniqueRectangleType6,
    /// Hidden Rectangle.
    HiddenRectangle,
    /// Avoidable Rectangle Type 1.
    AvoidableRectangleType1,
    /// Avoidable Rectangle Type 2.
    AvoidableRectangleType2,
    /// Finned X-Wing.
    FinnedXWing,
    /// Sashimi X-Wing.
    SashimiXWing,
    /// Finned Swordfish.
    FinnedSwordfish,
    /// Sashimi Swordfish.
    SashimiSwordfish,
    /// Finned Jellyfish.
    FinnedJellyfish,
    /// Sashimi Jellyfish.
    SashimiJellyfish,
    /// Finned Squirmbag.
    FinnedSquirmbag,
    /// Sashimi Squirmbag.
    SashimiSquirmbag,
    /// Finned Whale.
    FinnedWhale,
    /// Sashimi Whale.
    SashimiWhale,
    /// Finned Leviathan.
    FinnedLeviathan,
    /// Sashimi Leviathan.
    SashimiLeviathan,
    /// Sue de Coq.
    SueDeCoq,
    /// Simple Colors.
    SimpleColors,
    /// Multi Colors.
    MultiColors,
    /// X-Chain.
    XChain,
    /// XY-Chain.
    XYChain,
    /// Nice Loop/AIC.
    NiceLoop,
    /// Grouped Nice Loop/AIC.
    GroupedNiceLoop,
    /// Almost Locked Set XZ-Rule.
    AlsXz,
    /// Almost Locked Set XY-Wing.
    AlsXyWing,
    /// Almost Locked Set Chain.
    AlsChain,
    /// Death Blossom.
    DeathBlossom,
    /// Franken X-Wing.
    FrankenXWing,
    /// Franken Swordfish.
    FrankenSwordfish,
    /// Franken Jellyfish.
    FrankenJellyfish,
    /// Franken Squirmbag.
    FrankenSquirmbag,
    /// Franken Whale.
    FrankenWhale,
    /// Franken Leviathan.
    FrankenLeviathan,
    /// Finned Franken X-Wing.
    FinnedFrankenXWing,
    /// Finned Franken Swordfish.
    FinnedFrankenSwordfish,
    /// Finned Franken Jellyfish.
    FinnedFrankenJellyfish,
    /// Finned Franken Squirmbag.
    FinnedFrankenSquirmbag,
    /// Finned Franken Whale.
    FinnedFrankenWhale,
    /// Finned Franken Leviathan.
    FinnedFrankenLeviathan,
    /// Mutant X-Wing.
    MutantXWing,
    /// Mutant Swordfish.
    MutantSwordfish,
    /// Mutant Jellyfish.
    MutantJellyfish,
    /// Mutant Squirmbag.
    MutantSquirmbag,
    /// Mutant Whale.
    MutantWhale,
    /// Mutant Leviathan.
    MutantLeviathan,
    /// Finned Mutant X-Wing.
    FinnedMutantXWing,
    /// Finned Mutant Swordfish.
    FinnedMutantSwordfish,
    /// Finned Mutant Jellyfish.
    FinnedMutantJellyfish,
    /// Finned Mutant Squirmbag.
    FinnedMutantSquirmbag,
    /// Finned Mutant Whale.
    FinnedMutantWhale,
    /// Finned Mutant Leviathan.
    FinnedMutantLeviathan,
    /// Kraken Fish.
    KrakenFish,
    /// Forcing Chain.
    ForcingChain,
    /// Forcing Net.
    ForcingNet,
    /// Template Set.
    TemplateSet,
    /// Template Delete.
    TemplateDelete,
    /// Brute Force.
    BruteForce,
    /// Give Up.
    GiveUp,
}

/// The families techniques are grouped in, as HoDoKu groups them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Family {
    /// Full house, naked and hidden singles.
    Singles,
    /// Locked candidates, locked pairs and triples.
    Intersections,
    /// Naked and hidden subsets.
    Subsets,
    /// X-Wing and its larger kin.
    BasicFish,
    /// Finned and sashimi basic fish.
    FinnedBasicFish,
    /// Franken fish.
    FrankenFish,
    /// Finned Franken fish.
    FinnedFrankenFish,
    /// Mutant fish.
    MutantFish,
    /// Finned mutant fish.
    FinnedMutantFish,
    /// Skyscraper, kites, turbot fish, empty rectangles.
    SingleDigitPatterns,
    /// XY-, XYZ- and W-Wings.
    Wings,
    /// Patterns that assume a unique solution.
    Uniqueness,
    /// Simple and multi colours.
    Coloring,
    /// Chains and loops.
    ChainsAndLoops,
    /// Almost locked sets.
    AlmostLockedSets,
    /// Sue de Coq.
    Miscellaneous,
    /// Forcing chains and nets, templates, brute force.
    LastResort,
}

impl Family {
    /// Whether the family is one of the six fish families (basic, finned, Franken, finned Franken, Mutant, finned
    /// Mutant), which one finder serves.
    pub fn is_fish(self) -> bool {
        matches!(
            self,
            Family::BasicFish
                | Family::FinnedBasicFish
                | Family::FrankenFish
                | Family::FinnedFrankenFish
                | Family::MutantFish
                | Family::FinnedMutantFish
        )
    }
}

/// Difficulty levels, as HoDoKu defines them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and subsets.
    Medium,
    /// Fish, wings, uniqueness, colouring.
    Hard,
    /// Chains, ALS, large fish.
    Unfair,
    /// Last resorts.
    Extreme,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme];

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The Chinese name.
    pub fn name_zh(self) -> &'static str {
        match self {
            Level::Easy => "简单",
            Level::Medium => "中等",
            Level::Hard => "困难",
            Level::Unfair => "超难",
            Level::Extreme => "极难",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the registry knows of a technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The technique this row describes.
    pub technique: Technique,
    /// English name, as HoDoKu writes it.
    pub name: &'static str,
    /// Chinese name.
    pub name_zh: &'static str,
    /// HoDoKu's regression-library code (`xxxx` when the code belongs to the step's variant).
    pub code: &'static str,
    /// HoDoKu's short argument name (`n2` for Naked Pair), used to switch techniques on and off.
    pub arg: &'static str,
    /// The family.
    pub family: Family,
    /// The level a puzzle needing it reaches at least.
    pub level: Level,
    /// HoDoKu's base score of one step.
    pub score: u32,
    /// Whether the default ladder uses it.
    pub on_by_default: bool,
    /// Sudoku Explainer's rating of it: a number, a range (`1.2–1.5`) or a lower bound (`6.5+`). Skyscraper (4.0),
    /// 2-String Kite (4.1) and Turbot Fish (4.2) are rated by the serate extension of SE (SukakuExplainer's
    /// turbot fish), which rated the calibration set; ratings marked `(calibrated)` are for techniques SE has no
    /// rule for, set to the rating that puts the most puzzles of `se_rated_dev.txt` whose SE-ordered path needs
    /// them within half a point of SE's. `None` where SE has no such rule and no single rating fits (W-Wing:
    /// SE rates those puzzles anywhere from 4.6 to 7.1). The SE estimate (`rate::SeLadder`) orders and rates its
    /// ladder by the leading number, and leaves out techniques without one.
    pub se: Option<&'static str>,
}

static TABLE: [Info; 92] = [
    Info {
        technique: Technique::FullHouse,
        name: "Full House",
        name_zh: "唯一空格",
        code: "0000",
        arg: "fh",
        family: Family::Singles,
        level: Level::Easy,
        score: 4,
        on_by_default: true,
        se: Some("1.0"),
    },
    Info {
        technique: Technique::NakedSingle,
        name: "Naked Single",
        name_zh: "唯余法（唯一余数）",
        code: "0003",
        arg: "n1",
        family: Family::Singles,
        level: Level::Easy,
        score: 4,
        on_by_default: true,
        se: Some("2.3"),
    },
    Info {
        technique: Technique::HiddenSingle,
        name: "Hidden Single",
        name_zh: "摒除法（宫/行/列摒除）",
        code: "0002",
        arg: "h1",
        family: Family::Singles,
        level: Level::Easy,
        score: 14,
        on_by_default: true,
        se: Some("1.2–1.5"),
    },
    Info {
        technique: Technique::LockedPair,
        name: "Locked Pair",
        name_zh: "区块数对",
        code: "0110",
        arg: "l2",
        family: Family::Intersections,
        level: Level::Medium,
        score: 40,
        on_by_default: true,
        se: Some("3.0 (naked pair)"),
    },
    Info {
        technique: Technique::LockedTriple,
        name: "Locked Triple",
        name_zh: "区块三数组",
        code: "0111",
        arg: "l3",
        family: Family::Intersections,
        level: Level::Medium,
        score: 60,
        on_by_default: true,
        se: Some("3.6 (naked triple)"),
    },
    Info {
        technique: Technique::LockedCandidatesPointing,
        name: "Locked Candidates Type 1 (Pointing)",
        name_zh: "单宫行列法（宫区块）",
        code: "0100",
        arg: "lc1",
        family: Family::Intersections,
        level: Level::Medium,
        score: 50,
        on_by_default: true,
        se: Some("2.6"),
    },
    Info {
        technique: Technique::LockedCandidatesClaiming,
        name: "Locked Candidates Type 2 (Claiming)",
        name_zh: "单宫行列法（行列区块）",
        code: "0101",
        arg: "lc2",
        family: Family::Intersections,
        level: Level::Medium,
        score: 50,
        on_by_default: true,
        se: Some("2.8"),
    },
    Info {
        technique: Technique::NakedPair,
        name: "Naked Pair",
        name_zh: "显性数对",
        code: "0200",
        arg: "n2",
        family: Family::Subsets,
        level: Level::Medium,
        score: 60,
        on_by_default: true,
        se: Some("3.0"),
    },
    Info {
        technique: Technique::NakedTriple,
        name: "Naked Triple",
        name_zh: "显性三数组",
        code: "0201",
        arg: "n3",
        family: Family::Subsets,
        level: Level::Medium,
        score: 80,
        on_by_default: true,
        se: Some("3.6"),
    },
    Info {
        technique: Technique::HiddenPair,
        name: "Hidden Pair",
        name_zh: "隐性数对",
        code: "0210",
        arg: "h2",
        family: Family::Subsets,
        level: Level::Medium,
        score: 70,
        on_by_default: true,
        se: Some("3.4"),
    },
    Info {
        technique: Technique::HiddenTriple,
        name: "Hidden Triple",
        name_zh: "隐性三数组",
        code: "0211",
        arg: "h3",
        family: Family::Subsets,
        level: Level::Medium,
        score: 100,
        on_by_default: true,
        se: Some("4.0"),
    },
    Info {
        technique: Technique::NakedQuadruple,
        name: "Naked Quadruple",
        name_zh: "显性四数组",
        code: "0202",
        arg: "n4",
        family: Family::Subsets,
        level: Level::Hard,
        score: 120,
        on_by_default: true,
        se: Some("5.0"),
    },
    Info {
        technique: Technique::HiddenQuadruple,
        name: "Hidden Quadruple",
        name_zh: "隐性四数组",
        code: "0212",
        arg: "h4",
        family: Family::Subsets,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: Some("5.4"),
    },
    Info {
        technique: Technique::XWing,
        name: "X-Wing",
        name_zh: "X翼",
        code: "0300",
        arg: "bf2",
        family: Family::BasicFish,
        level: Level::Hard,
        score: 140,
        on_by_default: true,
        se: Some("3.2"),
    },
    Info {
        technique: Technique::Swordfish,
        name: "Swordfish",
        name_zh: "剑鱼",
        code: "0301",
        arg: "bf3",
        family: Family::BasicFish,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: Some("3.8"),
    },
    Info {
        technique: Technique::Jellyfish,
        name: "Jellyfish",
        name_zh: "水母",
        code: "0302",
        arg: "bf4",
        family: Family::BasicFish,
        level: Level::Hard,
        score: 160,
        on_by_default: true,
        se: Some("5.2"),
    },
    Info {
        technique: Technique::Squirmbag,
        name: "Squirmbag",
        name_zh: "五链鱼",
        code: "0303",
        arg: "bf5",
        family: Family::BasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::Whale,
        name: "Whale",
        name_zh: "六链鱼",
        code: "0304",
        arg: "bf6",
        family: Family::BasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::Leviathan,
        name: "Leviathan",
        name_zh: "七链鱼",
        code: "0305",
        arg: "bf7",
        family: Family::BasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::RemotePair,
        name: "Remote Pair",
        name_zh: "远程数对",
        code: "0703",
        arg: "rp",
        family: Family::ChainsAndLoops,
        level: Level::Hard,
        score: 110,
        on_by_default: true,
        se: Some("5.4 (calibrated)"),
    },
    Info {
        technique: Technique::BugPlusOne,
        name: "Bivalue Universal Grave + 1",
        name_zh: "全双值坟墓+1",
        code: "0610",
        arg: "bug1",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: Some("5.6–6.0"),
    },
    Info {
        technique: Technique::Skyscraper,
        name: "Skyscraper",
        name_zh: "摩天楼",
        code: "0400",
        arg: "sk",
        family: Family::SingleDigitPatterns,
        level: Level::Hard,
        score: 130,
        on_by_default: true,
        se: Some("4.0"),
    },
    Info {
        technique: Technique::TwoStringKite,
        name: "2-String Kite",
        name_zh: "双线风筝",
        code: "0401",
        arg: "2sk",
        family: Family::SingleDigitPatterns,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: Some("4.1"),
    },
    Info {
        technique: Technique::TurbotFish,
        name: "Turbot Fish",
        name_zh: "多宝鱼",
        code: "0403",
        arg: "tf",
        family: Family::SingleDigitPatterns,
        level: Level::Hard,
        score: 120,
        on_by_default: true,
        se: Some("4.2"),
    },
    Info {
        technique: Technique::EmptyRectangle,
        name: "Empty Rectangle",
        name_zh: "空矩形",
        code: "0402",
        arg: "er",
        family: Family::SingleDigitPatterns,
        level: Level::Hard,
        score: 120,
        on_by_default: true,
        se: Some("4.3 (calibrated)"),
    },
    Info {
        technique: Technique::WWing,
        name: "W-Wing",
        name_zh: "W翼",
        code: "0803",
        arg: "w",
        family: Family::Wings,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::XYWing,
        name: "XY-Wing",
        name_zh: "XY翼",
        code: "0800",
        arg: "xy",
        family: Family::Wings,
        level: Level::Hard,
        score: 160,
        on_by_default: true,
        se: Some("4.2"),
    },
    Info {
        technique: Technique::XYZWing,
        name: "XYZ-Wing",
        name_zh: "XYZ翼",
        code: "0801",
        arg: "xyz",
        family: Family::Wings,
        level: Level::Hard,
        score: 180,
        on_by_default: true,
        se: Some("4.4"),
    },
    // Not in HoDoKu, so code, argument, level and score are our choice: the next free wing code, Hard like the
    // other wings, and a score above XYZ-Wing's 180 since it takes one cell and one digit more.
    Info {
        technique: Technique::WXYZWing,
        name: "WXYZ-Wing",
        name_zh: "WXYZ翼",
        code: "0804",
        arg: "wxyz",
        family: Family::Wings,
        level: Level::Hard,
        score: 200,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::UniqueRectangleType1,
        name: "Uniqueness Test 1",
        name_zh: "唯一矩形 1",
        code: "0600",
        arg: "u1",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: Some("4.5"),
    },
    Info {
        technique: Technique::UniqueRectangleType2,
        name: "Uniqueness Test 2",
        name_zh: "唯一矩形 2",
        code: "0601",
        arg: "u2",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: Some("4.5"),
    },
    Info {
        technique: Technique::UniqueRectangleType3,
        name: "Uniqueness Test 3",
        name_zh: "唯一矩形 3",
        code: "0602",
        arg: "u3",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: Some("4.5–4.8"),
    },
    Info {
        technique: Technique::UniqueRectangleType4,
        name: "Uniqueness Test 4",
        name_zh: "唯一矩形 4",
        code: "0603",
        arg: "u4",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: Some("4.5"),
    },
    Info {
        technique: Technique::UniqueRectangleType5,
        name: "Uniqueness Test 5",
        name_zh: "唯一矩形 5",
        code: "0604",
        arg: "u5",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::UniqueRectangleType6,
        name: "Uniqueness Test 6",
        name_zh: "唯一矩形 6",
        code: "0605",
        arg: "u6",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::HiddenRectangle,
        name: "Hidden Rectangle",
        name_zh: "隐性唯一矩形",
        code: "0606",
        arg: "hr",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::AvoidableRectangleType1,
        name: "Avoidable Rectangle Type 1",
        name_zh: "可规避矩形 1",
        code: "0607",
        arg: "ar1",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::AvoidableRectangleType2,
        name: "Avoidable Rectangle Type 2",
        name_zh: "可规避矩形 2",
        code: "0608",
        arg: "ar2",
        family: Family::Uniqueness,
        level: Level::Hard,
        score: 100,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FinnedXWing,
        name: "Finned X-Wing",
        name_zh: "鳍X翼",
        code: "0310",
        arg: "fbf2",
        family: Family::FinnedBasicFish,
        level: Level::Hard,
        score: 130,
        on_by_default: true,
        se: Some("4.3 (calibrated)"),
    },
    Info {
        technique: Technique::SashimiXWing,
        name: "Sashimi X-Wing",
        name_zh: "退化鳍X翼",
        code: "0320",
        arg: "sbf2",
        family: Family::FinnedBasicFish,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: Some("4.4 (calibrated)"),
    },
    Info {
        technique: Technique::FinnedSwordfish,
        name: "Finned Swordfish",
        name_zh: "鳍剑鱼",
        code: "0311",
        arg: "fbf3",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 200,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::SashimiSwordfish,
        name: "Sashimi Swordfish",
        name_zh: "退化鳍剑鱼",
        code: "0321",
        arg: "sbf3",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 240,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FinnedJellyfish,
        name: "Finned Jellyfish",
        name_zh: "鳍水母",
        code: "0312",
        arg: "fbf4",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 250,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::SashimiJellyfish,
        name: "Sashimi Jellyfish",
        name_zh: "退化鳍水母",
        code: "0322",
        arg: "sbf4",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 260,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FinnedSquirmbag,
        name: "Finned Squirmbag",
        name_zh: "鳍五链鱼",
        code: "0313",
        arg: "fbf5",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::SashimiSquirmbag,
        name: "Sashimi Squirmbag",
        name_zh: "退化鳍五链鱼",
        code: "0323",
        arg: "sbf5",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedWhale,
        name: "Finned Whale",
        name_zh: "鳍六链鱼",
        code: "0314",
        arg: "fbf6",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::SashimiWhale,
        name: "Sashimi Whale",
        name_zh: "退化鳍六链鱼",
        code: "0324",
        arg: "sbf6",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedLeviathan,
        name: "Finned Leviathan",
        name_zh: "鳍七链鱼",
        code: "0315",
        arg: "fbf7",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::SashimiLeviathan,
        name: "Sashimi Leviathan",
        name_zh: "退化鳍七链鱼",
        code: "0325",
        arg: "sbf7",
        family: Family::FinnedBasicFish,
        level: Level::Unfair,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::SueDeCoq,
        name: "Sue de Coq",
        name_zh: "融合数组（Sue de Coq）",
        code: "1101",
        arg: "sdc",
        family: Family::Miscellaneous,
        level: Level::Unfair,
        score: 250,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::SimpleColors,
        name: "Simple Colors",
        name_zh: "简单染色",
        code: "xxxx",
        arg: "sc",
        family: Family::Coloring,
        level: Level::Hard,
        score: 150,
        on_by_default: true,
        se: Some("5.4 (calibrated)"),
    },
    Info {
        technique: Technique::MultiColors,
        name: "Multi Colors",
        name_zh: "多重染色",
        code: "xxxx",
        arg: "mc",
        family: Family::Coloring,
        level: Level::Hard,
        score: 200,
        on_by_default: true,
        se: Some("5.4 (calibrated)"),
    },
    Info {
        technique: Technique::XChain,
        name: "X-Chain",
        name_zh: "X链",
        code: "0701",
        arg: "x",
        family: Family::ChainsAndLoops,
        level: Level::Unfair,
        score: 260,
        on_by_default: true,
        se: Some("6.5+"),
    },
    Info {
        technique: Technique::XYChain,
        name: "XY-Chain",
        name_zh: "XY链",
        code: "0702",
        arg: "xyc",
        family: Family::ChainsAndLoops,
        level: Level::Unfair,
        score: 260,
        on_by_default: true,
        se: Some("6.5+"),
    },
    Info {
        technique: Technique::NiceLoop,
        name: "Nice Loop/AIC",
        name_zh: "环与交替推理链（AIC）",
        code: "xxxx",
        arg: "nl",
        family: Family::ChainsAndLoops,
        level: Level::Unfair,
        score: 280,
        on_by_default: true,
        se: Some("6.7+ (calibrated)"),
    },
    Info {
        technique: Technique::GroupedNiceLoop,
        name: "Grouped Nice Loop/AIC",
        name_zh: "分组环与交替推理链",
        code: "xxxx",
        arg: "gnl",
        family: Family::ChainsAndLoops,
        level: Level::Unfair,
        score: 300,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::AlsXz,
        name: "Almost Locked Set XZ-Rule",
        name_zh: "ALS-XZ",
        code: "0901",
        arg: "axz",
        family: Family::AlmostLockedSets,
        level: Level::Unfair,
        score: 300,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::AlsXyWing,
        name: "Almost Locked Set XY-Wing",
        name_zh: "ALS-XY翼",
        code: "0902",
        arg: "axy",
        family: Family::AlmostLockedSets,
        level: Level::Unfair,
        score: 320,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::AlsChain,
        name: "Almost Locked Set Chain",
        name_zh: "ALS链",
        code: "0903",
        arg: "ach",
        family: Family::AlmostLockedSets,
        level: Level::Unfair,
        score: 340,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::DeathBlossom,
        name: "Death Blossom",
        name_zh: "死亡绽放",
        code: "0904",
        arg: "db",
        family: Family::AlmostLockedSets,
        level: Level::Unfair,
        score: 360,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FrankenXWing,
        name: "Franken X-Wing",
        name_zh: "弗兰肯X翼",
        code: "0330",
        arg: "ff2",
        family: Family::FrankenFish,
        level: Level::Unfair,
        score: 300,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FrankenSwordfish,
        name: "Franken Swordfish",
        name_zh: "弗兰肯剑鱼",
        code: "0331",
        arg: "ff3",
        family: Family::FrankenFish,
        level: Level::Unfair,
        score: 350,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FrankenJellyfish,
        name: "Franken Jellyfish",
        name_zh: "弗兰肯水母",
        code: "0332",
        arg: "ff4",
        family: Family::FrankenFish,
        level: Level::Unfair,
        score: 370,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FrankenSquirmbag,
        name: "Franken Squirmbag",
        name_zh: "弗兰肯五链鱼",
        code: "0333",
        arg: "ff5",
        family: Family::FrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FrankenWhale,
        name: "Franken Whale",
        name_zh: "弗兰肯六链鱼",
        code: "0334",
        arg: "ff6",
        family: Family::FrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FrankenLeviathan,
        name: "Franken Leviathan",
        name_zh: "弗兰肯七链鱼",
        code: "0335",
        arg: "ff7",
        family: Family::FrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenXWing,
        name: "Finned Franken X-Wing",
        name_zh: "鳍弗兰肯X翼",
        code: "0340",
        arg: "fff2",
        family: Family::FinnedFrankenFish,
        level: Level::Unfair,
        score: 390,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenSwordfish,
        name: "Finned Franken Swordfish",
        name_zh: "鳍弗兰肯剑鱼",
        code: "0341",
        arg: "fff3",
        family: Family::FinnedFrankenFish,
        level: Level::Unfair,
        score: 410,
        on_by_default: true,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenJellyfish,
        name: "Finned Franken Jellyfish",
        name_zh: "鳍弗兰肯水母",
        code: "0342",
        arg: "fff4",
        family: Family::FinnedFrankenFish,
        level: Level::Unfair,
        score: 430,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenSquirmbag,
        name: "Finned Franken Squirmbag",
        name_zh: "鳍弗兰肯五链鱼",
        code: "0343",
        arg: "fff5",
        family: Family::FinnedFrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenWhale,
        name: "Finned Franken Whale",
        name_zh: "鳍弗兰肯六链鱼",
        code: "0344",
        arg: "fff6",
        family: Family::FinnedFrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedFrankenLeviathan,
        name: "Finned Franken Leviathan",
        name_zh: "鳍弗兰肯七链鱼",
        code: "0345",
        arg: "fff7",
        family: Family::FinnedFrankenFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantXWing,
        name: "Mutant X-Wing",
        name_zh: "变异X翼",
        code: "0350",
        arg: "mf2",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 450,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantSwordfish,
        name: "Mutant Swordfish",
        name_zh: "变异剑鱼",
        code: "0351",
        arg: "mf3",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 450,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantJellyfish,
        name: "Mutant Jellyfish",
        name_zh: "变异水母",
        code: "0352",
        arg: "mf4",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 450,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantSquirmbag,
        name: "Mutant Squirmbag",
        name_zh: "变异五链鱼",
        code: "0353",
        arg: "mf5",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantWhale,
        name: "Mutant Whale",
        name_zh: "变异六链鱼",
        code: "0354",
        arg: "mf6",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::MutantLeviathan,
        name: "Mutant Leviathan",
        name_zh: "变异七链鱼",
        code: "0355",
        arg: "mf7",
        family: Family::MutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantXWing,
        name: "Finned Mutant X-Wing",
        name_zh: "鳍变异X翼",
        code: "0360",
        arg: "fmf2",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantSwordfish,
        name: "Finned Mutant Swordfish",
        name_zh: "鳍变异剑鱼",
        code: "0361",
        arg: "fmf3",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantJellyfish,
        name: "Finned Mutant Jellyfish",
        name_zh: "鳍变异水母",
        code: "0362",
        arg: "fmf4",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantSquirmbag,
        name: "Finned Mutant Squirmbag",
        name_zh: "鳍变异五链鱼",
        code: "0363",
        arg: "fmf5",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantWhale,
        name: "Finned Mutant Whale",
        name_zh: "鳍变异六链鱼",
        code: "0364",
        arg: "fmf6",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::FinnedMutantLeviathan,
        name: "Finned Mutant Leviathan",
        name_zh: "鳍变异七链鱼",
        code: "0365",
        arg: "fmf7",
        family: Family::FinnedMutantFish,
        level: Level::Extreme,
        score: 470,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::KrakenFish,
        name: "Kraken Fish",
        name_zh: "海怪鱼",
        code: "xxxx",
        arg: "kf",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 500,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::ForcingChain,
        name: "Forcing Chain",
        name_zh: "强制链",
        code: "xxxx",
        arg: "fc",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 500,
        on_by_default: true,
        se: Some("8.0+"),
    },
    Info {
        technique: Technique::ForcingNet,
        name: "Forcing Net",
        name_zh: "强制网",
        code: "xxxx",
        arg: "fn",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 700,
        on_by_default: true,
        se: Some("8.5+"),
    },
    Info {
        technique: Technique::TemplateSet,
        name: "Template Set",
        name_zh: "模板放置",
        code: "1201",
        arg: "ts",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 10000,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::TemplateDelete,
        name: "Template Delete",
        name_zh: "模板删除",
        code: "1202",
        arg: "td",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 10000,
        on_by_default: false,
        se: None,
    },
    Info {
        technique: Technique::BruteForce,
        name: "Brute Force",
        name_zh: "试数（暴力）",
        code: "xxxx",
        arg: "bf",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 10000,
        on_by_default: true,
        se: Some("—"),
    },
    Info {
        technique: Technique::GiveUp,
        name: "Give Up",
        name_zh: "放弃",
        code: "xxxx",
        arg: "gu",
        family: Family::LastResort,
        level: Level::Extreme,
        score: 20000,
        on_by_default: true,
        se: None,
    },
];

impl Technique {
    /// Every technique, in ladder order.
    pub const ALL: [Technique; 92] = {
        let mut all = [Technique::FullHouse; 92];
        let mut i = 0;
        while i < all.len() {
            all[i] = TABLE[i].technique;
            i += 1;
        }
        all
    };

    /// The registry row.
    #[inline]
    pub fn info(self) -> &'static Info {
        &TABLE[self as usize]
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The name in `lang`.
    pub fn name_in(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.info().name,
            Lang::Zh => self.info().name_zh,
        }
    }

    /// The technique with HoDoKu argument name `arg` (`n2`), or English name (case and spaces ignored: `naked-pair`,
    /// `Naked Pair`).
    pub fn from_arg(arg: &str) -> Option<Technique> {
        let key = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = key(arg);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.info().arg == arg || key(t.info().name) == wanted)
    }

    /// The technique a HoDoKu regression-library code stands for, with the codes that name a variant
    /// (0404 Dual 2-String Kite and 0405 Dual Empty Rectangle, found as steps of the base technique; 0500/0501
    /// Simple Colors, 0502/0503 Multi Colors, 0706–0711 nice loops and AIC, 0371/0372 Kraken fish, 1301–1304
    /// forcing chains and nets).
    pub fn from_code(code: &str) -> Option<Technique> {
        let t = match code {
            "0404" => Technique::TwoStringKite,
            "0405" => Technique::EmptyRectangle,
            "0500" | "0501" => Technique::SimpleColors,
            "0502" | "0503" => Technique::MultiColors,
            "0706" | "0707" | "0708" => Technique::NiceLoop,
            "0709" | "0710" | "0711" => Technique::GroupedNiceLoop,
            "0371" | "0372" => Technique::KrakenFish,
            // A Siamese fish: the code of its finned fish and a 1 (03111 Siamese Finned Swordfish).
            c if c.len() == 5 && c.starts_with("03") && c.ends_with('1') => {
                let finned = |t: &Technique| {
                    matches!(
                        t.info().family,
                        Family::FinnedBasicFish | Family::FinnedFrankenFish | Family::FinnedMutantFish
                    )
                };
                return c.get(..4).and_then(Technique::from_code).filter(finned);
            }
            "1301" | "1302" => Technique::ForcingChain,
            "1303" | "1304" => Technique::ForcingNet,
            _ => return Technique::ALL.iter().copied().find(|t| t.info().code == code),
        };
        Some(t)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_variant_order_and_complete() {
        for (i, t) in Technique::ALL.iter().enumerate() {
            assert_eq!(*t as usize, i);
            assert_eq!(t.info().technique, *t);
            assert!(!t.info().name_zh.is_empty(), "{t}");
        }
        assert_eq!(Technique::ALL.len(), 92);
        assert_eq!(Technique::ALL[91], Technique::GiveUp);
    }

    #[test]
    fn codes_and_args_find_techniques() {
        assert_eq!(Technique::from_code("0100"), Some(Technique::LockedCandidatesPointing));
        assert_eq!(Technique::from_code("0501"), Some(Technique::SimpleColors));
        assert_eq!(Technique::from_code("0404"), Some(Technique::TwoStringKite));
        assert_eq!(Technique::from_code("0405"), Some(Technique::EmptyRectangle));
        assert_eq!(Technique::from_code("0804"), Some(Technique::WXYZWing));
        assert_eq!(Technique::from_arg("wxyz"), Some(Technique::WXYZWing));
        assert_eq!(Technique::WXYZWing.info().score, 200);
        assert_eq!(Technique::from_code("9999"), None);
        assert_eq!(Technique::from_arg("h1"), Some(Technique::HiddenSingle));
        assert_eq!(Technique::from_arg("naked-pair"), Some(Technique::NakedPair));
        assert_eq!(Technique::from_arg("X-Wing"), Some(Technique::XWing));
        for t in Technique::ALL {
            assert_eq!(Technique::from_arg(t.info().arg), Some(t), "{t}");
        }
    }

    #[test]
    fn levels_and_scores_follow_hodoku() {
        assert_eq!(Technique::NakedPair.info().score, 60);
        assert_eq!(Technique::HiddenQuadruple.info().level, Level::Hard);
        assert!(!Technique::Squirmbag.info().on_by_default);
        assert_eq!(Technique::BruteForce.info().score, 10000);
    }
}
