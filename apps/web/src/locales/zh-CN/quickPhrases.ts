export default {
  title: '常用语',
  edit: '编辑',
  done: '完成',
  add: '添加常用语',
  placeholder: '输入常用语，回车保存',
  editOne: '点击编辑',
  delete: '删除',
  deleteConfirm: '确认删除？',
  deleted: '删除成功',
};
