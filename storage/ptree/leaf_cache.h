// Something derived from one leaf's entries and kept with the leaf: a table
// leaf's rows as typed column arrays (storage/table/leaf_columns.h). A leaf's
// entries never change while anyone but its one owner can see it, so what is
// derived from them stays true for the leaf's life: built once by the first
// reader that wants it, freed with the leaf, and dropped when a private leaf
// is changed in place.
#pragma once

namespace ptreedb::ptree {

struct LeafCache {
  LeafCache() = default;
  LeafCache(const LeafCache&) = delete;
  LeafCache& operator=(const LeafCache&) = delete;
  virtual ~LeafCache() = default;
};

}  // namespace ptreedb::ptree
