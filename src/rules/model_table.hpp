// A model's identity from the packs' table of well-known models (table `known_models`,
// keyed by `id`), for a launch that names a hub id whose config.json is on no path or
// cache this machine has: the launch still says which model it trains, and the packs
// know that model's shape.
#pragma once

#include "facts/fact_set.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

// Fills the model.* keys that `facts` leaves out from the row whose id is model.id.
// Each column named like a model key gives that key (`arch` gives model.arch); a 0 in
// an integer column means the model's config.json has no such key, and the key stays
// unknown. Nothing is filled when a config.json was read (model.config), when no row
// has the id, or when model.arch is given and differs from the row's: the arch the
// launch states wins, and a row about another model says nothing about this one.
// Filled facts have the origin model_table, naming the pack.
void fill_from_model_table(const RuleSet& rules, facts::FactSet& facts);

}  // namespace preflight::rules
