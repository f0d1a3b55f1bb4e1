//! How a game's rules count the score: by area or by territory, read off the rules' name as an
//! SGF record writes it (`RU`).

/// How a game's rules count the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Counting {
    /// Stones and territory (Chinese, AGA, New Zealand, Ing, Tromp–Taylor).
    Area,
    /// Territory and prisoners (Japanese, Korean; GTP's custom when no rules are named).
    Territory,
}

impl Counting {
    /// The count of the rules an SGF `RU` names (its usual spellings, any case); territory
    /// when none is named or the name is not known.
    pub fn for_rules(rules: Option<&str>) -> Counting {
        let Some(name) = rules else {
            return Counting::Territory;
        };
        let name = name.trim().to_ascii_lowercase();
        let area = [
            "chinese",
            "cn",
            "aga",
            "new zealand",
            "nz",
            "ing",
            "goe",
            "tromp",
            "tromp-taylor",
        ];
        if area
            .iter()
            .any(|a| name == *a || name.starts_with(&format!("{a} ")))
        {
            Counting::Area
        } else {
            Counting::Territory
        }
    }

    /// The count's name, as reports write it.
    pub fn name(self) -> &'static str {
        match self {
            Counting::Area => "area",
            Counting::Territory => "territory",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_name_the_count() {
        for (rules, counting) in [
            (None, Counting::Territory),
            (Some("Japanese"), Counting::Territory),
            (Some("korean"), Counting::Territory),
            (Some("Chinese"), Counting::Area),
            (Some("AGA"), Counting::Area),
            (Some("NZ"), Counting::Area),
            (Some("New Zealand"), Counting::Area),
            (Some("something else"), Counting::Territory),
        ] {
            assert_eq!(Counting::for_rules(rules), counting, "{rules:?}");
        }
    }
}
